import * as p from '../parse';
import { OVERVIEW_COMPARISONS, type Overview, type OverviewRequest } from '../reports/overview';
import { method } from './define';

export const reportMethods = {
  /** The Overview of a window, computed over the profile's archive (synced first where asked). */
  overview: method<OverviewRequest, Overview>(
    p.object({
      profileId: p.optional(p.string),
      fromMs: p.integer,
      toMs: p.integer,
      syncFirst: p.boolean,
      compare: p.optional(p.oneOf(OVERVIEW_COMPARISONS)),
    }),
  ),
} as const;
