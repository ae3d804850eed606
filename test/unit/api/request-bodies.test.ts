/** The wire form of a checked page request: what each descriptor calls an integer goes out as a number. */
import { describe, expect, it } from 'vitest';
import { pagedBody } from '../../../src/main/api/request-bodies';
import { LISTS } from '../../../src/shared/operations';

describe('page request bodies', () => {
  it('send the integer params of the list as numbers, trim text and drop what is empty', () => {
    const body = pagedBody(LISTS.seats.paramKinds, {
      current: 2,
      size: 50,
      params: { voiceGroupId: '0012', name: '  Ann ', enable: 1, status: undefined },
    });
    expect(body).toEqual({ current: 2, size: 50, params: { voiceGroupId: 12, name: 'Ann', enable: 1 } });
  });

  it('send integer lists as numbers and leave text lists as text', () => {
    const body = pagedBody(LISTS.taskDetails.paramKinds, {
      current: 1,
      size: 100,
      params: { taskId: '31', seatId: ['4', 5], labelNames: ['007'], called: '' },
    });
    expect(body.params).toEqual({ taskId: 31, seatId: [4, 5], labelNames: ['007'] });
  });

  it('leave a digit text that is not an integer param as text', () => {
    const body = pagedBody(LISTS.numbers.paramKinds, { current: 1, size: 10, params: { appId: ' 0042 ' } });
    expect(body.params).toEqual({ appId: '0042' });
  });
});
