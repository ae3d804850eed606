import { m } from '../../../shared/i18n';
import { bridge } from './bridge';
import { session } from './session.svelte';

export interface Choice {
  value: string;
  label: string;
}

const PAGES = 5;

/**
 * Seats and seat groups of the active profile, gathered from the seat and
 * team-leader lists, for the pickers of the filter forms. Loaded on first use.
 */
class Choices {
  seats = $state<Choice[]>([]);
  groups = $state<Choice[]>([]);
  private loadedFor: string | null = null;

  async ensure(): Promise<void> {
    const profileId = session.activeProfileId;
    if (profileId === null || this.loadedFor === profileId) return;
    this.loadedFor = profileId;
    const seats = new Map<string, string>();
    const groups = new Map<string, string>();
    for (let page = 1; page <= PAGES; page++) {
      const result = await bridge.queryPage({ operation: 'seats', current: page, size: 100, params: {} });
      if (!result.ok && page === 1) {
        // The platform failed (a fault, the network): ask again at the next use instead of "no groups".
        if (this.loadedFor === profileId) this.loadedFor = null;
        return;
      }
      if (!result.ok) break;
      for (const row of result.value.records) {
        if (!('empNo' in row) || !('groupName' in row)) continue;
        if (row.keyId) seats.set(row.keyId, `${row.name ?? row.keyId} (#${row.keyId})`);
        if (row.voiceGroupId) groups.set(row.voiceGroupId, `${row.groupName ?? m.lists_group_unnamed()} (#${row.voiceGroupId})`);
      }
      if (page >= result.value.pages) break;
    }
    const leaders = await bridge.queryPage({ operation: 'teamLeaders', current: 1, size: 100, params: {} });
    if (leaders.ok) {
      for (const row of leaders.value.records) {
        if (!('voiceGroupIdList' in row)) continue;
        row.voiceGroupIdList.forEach((id, index) => {
          if (!groups.has(id)) groups.set(id, `${row.voiceGroupNameList[index] ?? m.lists_group_unnamed()} (#${id})`);
        });
      }
    }
    if (session.activeProfileId !== profileId) return;
    this.seats = [...seats].map(([value, label]) => ({ value, label }));
    this.groups = [...groups].sort((a, b) => Number(a[0]) - Number(b[0])).map(([value, label]) => ({ value, label }));
  }
}

export const choices = new Choices();
