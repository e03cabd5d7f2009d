import {
  notificationsApi,
  optionsApi,
  queueDisplayApi,
  type NotificationEvent,
} from '@clinic/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { queryCallOptions } from '../../api/background.ts';
import type { HttpClient } from '../../api/http.ts';
import { NotificationSocket } from '../../api/socket.ts';
import { clinicDayStartAt } from '../../app/clinic-time.ts';
import { Announcer } from './announcer.ts';
import { ringsHere, type BoardFilters } from './board-filters.ts';

/** A missed event is caught by this periodic reload at the latest. */
const SAFETY_RELOAD_MS = 30_000;

export interface BoardSource {
  client: HttpClient;
  branchId: string;
  /** The token the socket authenticates with (staff session or display link). */
  token: string;
  /** The clinic's time zone, minutes east of UTC: the board shows the clinic's today. */
  timezoneOffset: number;
  /** The server ended the session (socket closed with 4401): staff sign-out, revoked link. */
  onSessionEnded: () => void;
}

export function useBoardLookups(source: BoardSource) {
  const rooms = useQuery({
    queryKey: ['board-rooms', source.branchId],
    queryFn: () =>
      source.client
        .call(optionsApi.roomServices, { query: { page: 1, pageSize: 999 } })
        .then((d) => d.items),
  });
  const areas = useQuery({
    queryKey: ['board-areas', source.branchId],
    queryFn: () =>
      source.client
        .call(optionsApi.waitingAreas, { query: { page: 1, pageSize: 999 } })
        .then((d) => d.items),
  });
  return { rooms: rooms.data ?? [], areas: areas.data ?? [] };
}

/**
 * The board's lists, reloaded on every queue event of the branch, after a reconnection and
 * every 30 s; calls ring through the announcer, one after another.
 */
export function useBoard(source: BoardSource, filters: BoardFilters) {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const announcer = useMemo(() => new Announcer(), []);
  // Read when a call rings, with the filters chosen by then.
  const ringsWithFilters = useEffectEvent((call: Parameters<typeof ringsHere>[1]) =>
    ringsHere(filters, call),
  );
  const sessionEnded = useEffectEvent(() => source.onSessionEnded());
  const day = clinicDayStartAt(source.timezoneOffset);
  const key = [
    'queue-display',
    source.branchId,
    day,
    filters.roomServices,
    filters.areaId,
  ] as const;

  const board = useQuery({
    queryKey: key,
    // Reloaded every 30 s and on queue events: those refetches are background.
    queryFn: (context) =>
      source.client.call(
        queueDisplayApi.board,
        {
          query: {
            visitDate: day,
            status: JSON.stringify(filters.roomServices),
            areaID: filters.areaId,
          },
        },
        queryCallOptions(context),
      ),
    refetchInterval: SAFETY_RELOAD_MS,
    refetchIntervalInBackground: true,
    placeholderData: (previous) => previous,
  });

  useEffect(() => {
    const reload = () =>
      void queryClient.invalidateQueries({ queryKey: ['queue-display', source.branchId] });
    const socket = new NotificationSocket({
      url: source.client
        .url(notificationsApi.socket, { query: { branchId: source.branchId, token: source.token } })
        .replace(/^http/, 'ws'),
      maxAttempts: Infinity,
      onOpen: () => {
        setConnected(true);
        reload();
      },
      onClose: () => setConnected(false),
      onSessionEnded: () => sessionEnded(),
      onEvent: (event: NotificationEvent) => {
        reload();
        if (event.eventCode === 'ring' && ringsWithFilters(event.data)) {
          void announcer.announce(event.data);
        }
      },
    });
    return () => socket.stop();
  }, [source.client, source.branchId, source.token, queryClient, announcer]);

  return { board: board.data, loading: board.isPending, connected, announcer };
}
