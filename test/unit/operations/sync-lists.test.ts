/**
 * What a Sync takes is read from each list's descriptor (`sync`): every list it syncs
 * `'always'` when none is named, and a scoped list (a task's details) only with its scope.
 */
import { describe, expect, it } from 'vitest';
import { SYNCED_LISTS } from '../../../src/main/archive/sync-plan';
import { createSyncCommand, syncUsage } from '../../../src/main/cli/sync-command';
import { LIST_DESCRIPTORS, LIST_OPERATIONS, listOf } from '../../../src/shared/operations';

const io = { out: () => {}, err: () => {} };
const scoped = LIST_DESCRIPTORS.flatMap((list) => (list.sync === 'always' ? [] : [{ list, scope: list.sync }]));

describe('the lists a Sync takes', () => {
  it('are every list but those synced by scope, and task details go by their task id', () => {
    expect(listOf('taskDetails').sync).toEqual({ param: 'taskId', noun: 'task' });
    expect([...SYNCED_LISTS].sort()).toEqual(LIST_OPERATIONS.filter((operation) => operation !== 'taskDetails').sort());
  });

  it('are named in the usage of `switchboard sync`, each scoped one with its filter', () => {
    const lines = syncUsage().split('\n');
    const defaults = lines.find((line) => line.includes('(default: all of them)')) ?? '';
    for (const operation of SYNCED_LISTS) expect(defaults).toContain(listOf(operation).slug);
    for (const { list, scope } of scoped) {
      expect(defaults).not.toContain(list.slug);
      expect(lines).toContain(`                      or ${list.slug} with --param ${scope.param}=N`);
    }
  });

  it('take a scope only as a whole-number filter the list declares', () => {
    for (const { list, scope } of scoped) expect(list.paramKinds[scope.param], list.slug).toBe('integer');
  });

  it('refuse a scoped list without its scope, a scope without its list, and a scope that is not a whole number', async () => {
    const command = createSyncCommand({ env: {} });
    for (const { list, scope } of scoped) {
      await expect(command.run([list.slug], io)).rejects.toThrow(
        `${list.slug} is synced one ${scope.noun} at a time: add --param ${scope.param}=N (the ${scope.noun} id on the platform).`,
      );
      await expect(command.run(['seats', '--param', `${scope.param}=7`], io)).rejects.toThrow(
        `--param ${scope.param} applies to ${list.slug} only: name it, e.g. switchboard sync ${list.slug} --param ${scope.param}=7.`,
      );
      await expect(command.run([list.slug, '--param', `${scope.param}=seven`], io)).rejects.toThrow(
        `--param ${scope.param} takes a whole number, not "seven".`,
      );
    }
    await expect(command.run(['seats', '--param', 'colour=red'], io)).rejects.toThrow(
      'sync takes no filter "colour": only --param taskId=N, for task-details.',
    );
  });
});
