/** The Live board over IPC: each profile's refresh and alert state is kept in main (live/live-boards.ts). */
import { LiveBoards, type LiveBoardsDeps } from '../live/live-boards';
import { withAccounts } from './accounts-handlers';
import type { Handlers } from './dispatcher';

export function createLiveHandlers(deps: LiveBoardsDeps): Pick<Handlers, 'liveBoard'> {
  const boards = new LiveBoards(deps);
  return {
    liveBoard: (request) => withAccounts(() => boards.board(request)),
  };
}
