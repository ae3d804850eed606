import * as p from '../parse';
import type { Overview, OverviewRequest } from '../reports/overview';
import { method } from './define';

export const reportMethods = {
  /** The Overview of a window, computed over the profile's archive (synced first where asked). */
  overview: method<OverviewRequest, Overview>(
    p.object({
      profileId: p.optional(p.string),
      fromMs: p.integer,
      toMs: p.integer,
      syncFirst: p.boolean,
    }),
  ),
} as const;
