import { useParams } from 'react-router';
import { useSession } from '../api/session.ts';

/** The branch whose code leads the address, and its id (the one calls send as BranchId). */
export function useBranch(): { branchCode: string; branchId: string | undefined } {
  const session = useSession();
  const { branchCode = '' } = useParams();
  const branchId = session?.info.branches.find((branch) => branch.code === branchCode)?.id;
  return { branchCode, branchId };
}

/** The path of a screen of the current branch, e.g. `branchPath('A', 'queue-display')`. */
export function branchPath(branchCode: string, path: string): string {
  return `/${encodeURIComponent(branchCode)}/${path}`;
}
