import { describe, expect, it } from 'vitest';
import { clientError, platformError } from '../../../src/shared/errors';
import { placeSeatGroupError } from '../../../src/shared/seat-groups/errors';

describe('placing seat group errors', () => {
  it('puts -63 at the group picker with the server\'s reason', () => {
    const placed = placeSeatGroupError(platformError(-63, 'workspace mismatch'));
    expect(placed.picker).toMatch(/another workspace.*Server said: “workspace mismatch”/);
    expect(placed.form).toBeNull();
  });

  it('puts -71 and -72 at the label editor', () => {
    expect(placeSeatGroupError(platformError(-71, 'too many')).labels).toMatch(/No more labels/);
    expect(placeSeatGroupError(platformError(-72, 'name required')).labels).toMatch(/20 characters/);
  });

  it('puts -20 and -23 at the field the reason names, else at the form', () => {
    expect(placeSeatGroupError(platformError(-23, 'timeoutIdle limit reached')).fields.timeoutIdle).toMatch(/limit/);
    expect(placeSeatGroupError(platformError(-20, 'labelName exists')).labels).toMatch(/already exists/);
    const plain = placeSeatGroupError(platformError(-20, 'data exists'));
    expect(plain.form?.code).toBe('platform:-20');
    expect(plain.fields).toEqual({});
  });

  it('puts validation errors at their fields and the id at the picker', () => {
    const error = { ...clientError('validation'), fields: { voiceGroupId: 'Enter the id', 'labelName[1]': 'Too long' } };
    const placed = placeSeatGroupError(error);
    expect(placed.picker).toBe('Enter the id');
    expect(placed.fields).toEqual({ 'labelName[1]': 'Too long' });
  });

  it('keeps a malformed request at the form as well as at the path it names', () => {
    const error = { code: 'bad-request', message: 'The request was not understood.', detail: 'next.timeoutIdle: expected a number', fields: { 'next.timeoutIdle': 'Expected a number.' } };
    const placed = placeSeatGroupError(error);
    expect(placed.form).toBe(error);
    expect(placed.fields).toEqual({ 'next.timeoutIdle': 'Expected a number.' });
  });

  it('leaves other errors at the form', () => {
    expect(placeSeatGroupError(clientError('network')).form?.code).toBe('network');
  });
});
