import { isRole, type Role } from '@app/shared';
import { useCallback } from 'react';
import type { MessageKey } from './catalogue.ts';
import { useT } from './useT.ts';

/** Each role's name on screen: in uz the role's own code, as spec.md shows it (GLOSSARY.md). */
export const ROLE_LABELS: Record<Role, MessageKey> = {
  Kassir: 'common.role.kassir',
  admin: 'common.role.admin',
  manager: 'common.role.manager',
  Owner: 'common.role.owner',
  Omborchi: 'common.role.omborchi',
  Bozorchi: 'common.role.bozorchi',
  "Ta'minotchi": 'common.role.taminotchi',
};

/** A role's name in the chosen language; a role this app does not know is shown as it came. */
export function useRoleLabel(): (role: string) => string {
  const t = useT();
  return useCallback((role) => (isRole(role) ? t(ROLE_LABELS[role]) : role), [t]);
}
