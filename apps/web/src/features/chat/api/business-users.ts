import { useDepartments } from '../../../api/departments.ts';

/** GET auth/by-business/: the people of my business, to start a conversation with (DESIGN.md section 15). */
export function useBusinessUsers(enabled: boolean) {
  return useDepartments(enabled);
}
