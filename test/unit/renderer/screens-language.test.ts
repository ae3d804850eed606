/**
 * The sidebar's screens, groups and the sandbox's name are read in the language of the
 * moment: switching language redraws them with nothing rebuilt, and English stays as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { groupLabel, SCREENS } from '../../../src/renderer/src/lib/screens';
import { profileName } from '../../../src/renderer/src/lib/profile-form';

function titleOf(id: string): string | undefined {
  return SCREENS.find((screen) => screen.id === id)?.title();
}

describe('the screens in the interface language', () => {
  afterEach(() => setCurrentLocale('en'));

  it('are in English by default, as before', () => {
    expect(['seat-groups', 'mms', 'overview', 'live', 'accounts'].map(titleOf)).toEqual(['Seat groups', 'MMS', 'Overview', 'Live', 'Accounts']);
    expect(groupLabel('Call centre')).toBe('Call centre');
    expect(SCREENS.find((screen) => screen.id === 'accounts')?.blurb()).toBe('Profiles, keys and the sandbox.');
  });

  it('follow a switch to Chinese and back, from the same table', () => {
    setCurrentLocale('zh-CN');
    expect(['seat-groups', 'mms', 'overview', 'live', 'accounts'].map(titleOf)).toEqual(['坐席组', '彩信', '概览', '实时', '账户']);
    expect((['Records', 'Call centre', 'Numbers', 'Messaging', 'Reports', 'Settings'] as const).map(groupLabel)).toEqual([
      '记录',
      '呼叫中心',
      '号码',
      '消息',
      '报表',
      '设置',
    ]);
    for (const screen of SCREENS) expect(screen.title(), screen.id).not.toBe('');
    setCurrentLocale('en');
    expect(titleOf('seat-groups')).toBe('Seat groups');
  });

  it('give the built-in sandbox its name in the language, and leave a user’s profile name as typed', () => {
    setCurrentLocale('zh-CN');
    expect(profileName({ name: 'Sandbox (demo)', builtIn: true })).toBe('沙盒（演示）');
    expect(profileName({ name: 'Production', builtIn: false })).toBe('Production');
    setCurrentLocale('en');
    expect(profileName({ name: 'Sandbox (demo)', builtIn: true })).toBe('Sandbox (demo)');
  });
});
