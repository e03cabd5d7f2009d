import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** Where this tab keeps the board's key once it has left the address bar. */
const storageKey = (branchCode: string) => `queue-display-key:${branchCode}`;

function storedKey(branchCode: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(branchCode));
  } catch {
    return null;
  }
}

/** Keeps the key for this tab; false when the browser refuses storage. */
function keepKey(branchCode: string, key: string): boolean {
  try {
    sessionStorage.setItem(storageKey(branchCode), key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The display link's key of a board opened as `/{branchCode}/queue-display?key=…`. It is
 * read from the address once, kept for this tab (sessionStorage: a reload still shows the
 * board, closing the tab forgets it) and taken out of the address bar at once, so a photo
 * or a screen share of the address does not show it. Null: no link (a staff member's board).
 */
export function useDisplayKey(branchCode: string): string | null {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get('key');

  useEffect(() => {
    // A key that cannot be kept stays in the address, or a reload would lose the board.
    if (!inAddress || !keepKey(branchCode, inAddress)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('key');
        return next;
      },
      { replace: true },
    );
  }, [inAddress, branchCode, setParams]);

  return inAddress ?? storedKey(branchCode);
}
