import type { OrganizationRole } from './roles';

/** The authenticated caller, as every service sees it. */
export interface Principal {
  userUuid: string;
  email: string;
  firstName: string;
  lastName: string;
  organizationUuid: string;
  organizationRole: OrganizationRole;
  /** The personal access token used for this request. */
  tokenUuid: string;
}
