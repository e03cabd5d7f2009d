/** What a board shows: chosen once when it is set up, kept across reloads. */
export interface BoardFilters {
  /** Room services ticked; none ticked means all. */
  roomServices: string[];
  /** The waiting area, or null for all. */
  areaId: string | null;
  sound: boolean;
}

export const DEFAULT_FILTERS: BoardFilters = { roomServices: [], areaId: null, sound: true };

const key = (branchId: string) => `queueDisplay:${branchId}`;

export function loadFilters(branchId: string, storage: Storage = localStorage): BoardFilters {
  try {
    const saved = JSON.parse(
      storage.getItem(key(branchId)) ?? 'null',
    ) as Partial<BoardFilters> | null;
    return {
      roomServices: Array.isArray(saved?.roomServices)
        ? saved.roomServices.filter((name) => typeof name === 'string')
        : [],
      areaId: typeof saved?.areaId === 'string' ? saved.areaId : null,
      sound: typeof saved?.sound === 'boolean' ? saved.sound : true,
    };
  } catch {
    return DEFAULT_FILTERS;
  }
}

export function saveFilters(
  branchId: string,
  filters: BoardFilters,
  storage: Storage = localStorage,
): void {
  storage.setItem(key(branchId), JSON.stringify(filters));
}

/** Whether a called entry belongs on this board (its waiting area, when one is chosen). */
export function ringsHere(filters: BoardFilters, call: { areaID?: unknown }): boolean {
  return filters.areaId === null || call.areaID === filters.areaId;
}
