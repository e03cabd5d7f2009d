import {
  QUEUE_LOOKUP_PAGE_SIZE,
  optionsApi,
  pickableDoctors,
  queueApi,
  type CurrentBranch,
  type DoctorOption,
  type QueueEntry,
  type QueueStatusOption,
  type RoomServiceOption,
  type VisitPurposeOption,
} from '@clinic/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryCallOptions } from '../../api/background.ts';
import { api } from '../../api/clients.ts';
import { useBranch } from '../../app/branch.ts';
import { useOptionItems } from '../../app/option-lists.ts';
import { currentBranchKey, currentBranchQuery } from '../../app/permissions.tsx';

export const queueKeys = {
  /** Every day's list of the branch: what a change or a socket event refreshes. */
  branch: (branchId: string | undefined) => ['queue', branchId] as const,
  day: (branchId: string | undefined, dayStart: number) => ['queue', branchId, dayStart] as const,
  option: (name: string, branchId: string | undefined) =>
    ['queue-options', name, branchId] as const,
  currentBranch: currentBranchKey,
};

/** The day's queue (`dayStart`: Unix seconds of the day's first moment), queueSeq descending. */
export function useQueueDay(dayStart: number) {
  const { branchId } = useBranch();
  return useQuery({
    queryKey: queueKeys.day(branchId, dayStart),
    // Refreshed on every queue event of the branch: those refetches are background.
    queryFn: (context) =>
      api()
        .call(
          queueApi.list,
          { query: { visitDate: dayStart, t: Date.now() } },
          queryCallOptions(context),
        )
        .then((list) => [...list.items].sort((a, b) => b.queueSeq - a.queueSeq)),
    enabled: Boolean(branchId),
  });
}

/** Refreshes every day's list of the branch (after a change, or when the socket says so). */
export function useRefreshQueue(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { branchId } = useBranch();
  return () => queryClient.invalidateQueries({ queryKey: queueKeys.branch(branchId) });
}

function useOptionList<T>(name: string, load: () => Promise<{ items: T[] }>) {
  const { branchId } = useBranch();
  return useOptionItems(queueKeys.option(name, branchId), load);
}

export function useQueueStatuses(): QueueStatusOption[] {
  return useOptionList('statuses', () => api().call(optionsApi.queueStatuses));
}

export function useVisitPurposes(): VisitPurposeOption[] {
  return useOptionList('visit-purposes', () => api().call(optionsApi.visitPurposes));
}

/** Active room services only: the ones a row can be sent to. */
export function useActiveRoomServices(): RoomServiceOption[] {
  return useOptionList('room-services', () =>
    api().call(optionsApi.roomServices, {
      query: { page: 1, pageSize: QUEUE_LOOKUP_PAGE_SIZE },
    }),
  ).filter((service) => service.isActive);
}

/** Doctors the picker offers: on duty, of the doctor user type. */
export function usePickableDoctors(): DoctorOption[] {
  return pickableDoctors(useOptionList('doctors', () => api().call(optionsApi.doctors)));
}

/** The branch's own facts; the shell fetches the same key. */
export function useCurrentBranch(): CurrentBranch | undefined {
  const { branchId } = useBranch();
  return useQuery(currentBranchQuery(branchId)).data;
}

/** Whether the clinic has an HCI code (English names, a newborn's birth time, no future visits). */
export function useHasHciCode(): boolean {
  return Boolean(useCurrentBranch()?.hciCode?.trim());
}

/** The row changes of the queue screen; each sends the version it read (409 when stale). */
export const queueRequests = {
  visitPurposes: (entry: QueueEntry, codes: string[]) =>
    api().call(queueApi.visitPurposes, {
      params: { id: entry.id },
      body: { visitPurpose: codes, version: entry.version },
    }),
  roomService: (entry: QueueEntry, roomService: string) =>
    api().call(queueApi.roomService, {
      params: { id: entry.id },
      body: { roomService, version: entry.version },
    }),
  status: (entry: QueueEntry, status: QueueStatusOption) =>
    api().call(queueApi.status, {
      params: { id: entry.id },
      body: { status: status.code, color: status.color, version: entry.version },
    }),
  remark: (entry: QueueEntry, remark: string) =>
    api().call(queueApi.remark, {
      params: { id: entry.id },
      body: { remark, version: entry.version },
    }),
  visitTime: (entry: QueueEntry, visitTime: number) =>
    api().call(queueApi.visitTime, {
      body: { id: entry.id, visitTime, version: entry.version },
    }),
  remove: (entry: QueueEntry, voidedReason: string) =>
    api().call(queueApi.remove, {
      params: { id: entry.id },
      body: { version: entry.version, voidedReason },
    }),
  swap: (entry: QueueEntry, neighbour: QueueEntry) =>
    api().call(queueApi.swap, {
      params: { id: entry.id },
      body: { exchangeId: neighbour.id, version: entry.version },
    }),
  callIn: (entry: QueueEntry) => api().call(queueApi.callIn, { params: { id: entry.id } }),
  consultOut: (entry: QueueEntry) => api().call(queueApi.consultOut, { params: { id: entry.id } }),
};
