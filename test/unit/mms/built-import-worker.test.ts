/** The bundled import worker (out/main/mms-import-worker.js) runs on its own and is found from the bundle's chunks. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRecipientFile, resolveWorkerScript } from '../../../src/main/mms/recipient-import';
import { projectRoot } from '../support/built';

/** SWITCHBOARD_BUILD_DIR points at a build folder of one's own (parallel work); default: out. */
const worker = join(projectRoot, process.env.SWITCHBOARD_BUILD_DIR ?? 'out', 'main', 'mms-import-worker.js');

describe('the built MMS import worker', () => {
  it('is found next to the main bundle, from the bundle or its chunks folder, without tsx', () => {
    if (!existsSync(worker)) throw new Error(`${worker} is missing: run \`npm run build\` (npm test does it for you).`);
    for (const dir of [dirname(worker), join(dirname(worker), 'chunks')]) {
      expect(resolveWorkerScript(dir)).toEqual({ file: worker, execArgv: [] });
    }
  });

  it('parses a file and refuses a damaged one', async () => {
    const script = { file: worker, execArgv: [] };
    const good = await importRecipientFile('list.csv', new TextEncoder().encode('Phone\n+8613800000001\n'), { script });
    expect(good).toMatchObject({ ok: true, value: { columns: [{ name: 'Phone', values: ['+8613800000001'] }] } });
    const bad = await importRecipientFile('list.xlsx', new TextEncoder().encode('PK\u0003\u0004 broken'), { script });
    expect(bad).toMatchObject({ ok: false, error: { code: 'import-failed' } });
  });
});
