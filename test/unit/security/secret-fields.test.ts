/** Which field names hold a secret: password, pwd, secret, token and sign as words, any case, any depth. */
import { describe, expect, it } from 'vitest';
import { isSecretFieldName, withoutSecretFields } from '../../../src/shared/secret-fields';

describe('secret field names', () => {
  it('catch every spelling of a password, secret, token or signature', () => {
    for (const name of ['password', 'Password', 'sipPassword', 'PWD', 'pwd', 'apiSecret', 'accessToken', 'sign', 'Sign', 'apiSign', 'sign_key', 'SIGN', 'signature', 'md5sign', 'paysign', 'PaySign', 'MD5_SIGN', 'signKey', 'XMLSignature']) {
      expect(isSecretFieldName(name), name).toBe(true);
    }
  });
  it('keep fields that only contain the letters of "sign" inside another word', () => {
    for (const name of ['assignee', 'designation', 'consignment', 'callee', 'seatName', 'assign', 'resigned', 'signalLevel', 'design']) expect(isSecretFieldName(name), name).toBe(false);
  });
  it('drop them at any depth', () => {
    expect(withoutSecretFields({ a: 1, nested: [{ Pwd: 'x', keep: 2, deeper: { sign: 's', assignee: 'bob' } }] })).toEqual({
      a: 1,
      nested: [{ keep: 2, deeper: { assignee: 'bob' } }],
    });
  });
});
