import type { PublishedEvent } from '../src/platform/event-bus.ts';

/** A queue event told apart by its entry id: for tests of the event bus itself. */
export function probeEvent(branchId: string, id: string): PublishedEvent {
  return {
    branchId,
    eventCode: 'queueUpdated',
    data: {
      id,
      queueNum: '',
      branchId,
      status: '',
      roomService: null,
      roomName: null,
      areaID: null,
    },
    message: null,
  };
}
