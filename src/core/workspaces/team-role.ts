import type { Schemas } from '../contract.js';
import { CONTRACT_PROPERTY_ENUMS } from '../generated/contract-facts.js';

/** What a member of a workspace's team is (the contract's `TeamMember.role`): `admin` acts, `analyst` only reads. */
export type TeamRole = Schemas['TeamMember']['role'];

/** The team roles, in the contract's order. */
export const TEAM_ROLES: readonly TeamRole[] = CONTRACT_PROPERTY_ENUMS.TeamMember.role;

export function isTeamRole(value: unknown): value is TeamRole {
  return (TEAM_ROLES as readonly unknown[]).includes(value);
}
