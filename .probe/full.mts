import { writeFileSync } from 'node:fs';
import { methodNames } from '../src/shared/contract';
import { startTestServices } from '../test/unit/support/services';
const dir = '/tmp/me/tiny/ud';
const { call } = startTestServices({ userDataDir: dir });
const draft = { name: 'Ops', baseUrl: 'https://api.example.com', apiKey: 'k', apiSecret: 's', defaultAppId: '', timeZone: 'Asia/Shanghai', pageSize: 50 };
console.log('save before full', JSON.stringify(await call('saveProfile', draft)).slice(0, 200));
try { writeFileSync('/tmp/me/tiny/filler', Buffer.alloc(64 * 1024)); } catch (e) { console.log('filled:', String(e).slice(0, 60)); }
console.log('save when full', JSON.stringify(await call('saveProfile', { ...draft, name: 'Ops 2' })));
console.log('setSandboxHidden', JSON.stringify(await call('setSandboxHidden', { hidden: true })));
console.log(methodNames.filter((n) => /set|save|dismiss|update|schedule|language|clear|delete/i.test(n)).join(' '));
process.exit(0);
