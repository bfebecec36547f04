/**
 * The workspace's texts. The spec's are word for word (do not reword them); the API answers carry
 * the same words (`message` on success, `error.message` on failure), so every client shows them.
 */
export const groupMessages = {
  // Errors (spec section 8).
  somethingWrong: 'Something went wrong, please try again later',
  loadGroupsFailed: 'Error loading existing groups',
  fetchUrlFailed: 'Error fetching URL data',
  addLinkFailed: 'Failed to add link',
  updateLinkFailed: 'Failed to update domain',
  deleteLinkFailed: 'Failed to delete domain',
  membersFailed: 'Failed to fetch members',
  removeMemberFailed: 'Failed to remove member',
  leaveFailed: 'Failed to leave group',
  deleteGroupFailed: 'Failed to delete group',
  prepareDeleteFailed: 'Failed to prepare group deletion',
  tokenMissing: 'Invalid or missing token',
  tokenInvalid: 'Invalid invitation token',
  initFailed: 'Failed to initialize. Please try again later.',
  notAuthenticated: 'User not authenticated',
  ownerOnlyMembers: 'Only the owner can add members',
  notAuthorizedAddLinks: 'Not authorized to add links to this group',
  // Successes.
  groupCreatedInvited: 'Group created and invitation sent!',
  groupCreated: 'Group created successfully!',
  inviteSent: 'Invitation sent successfully!',
  linkAdded: 'Domain added successfully',
  linkUpdated: 'Domain updated successfully',
  linkDeleted: 'Domain Deleted',
  memberRemoved: 'Member Removed',
  leftGroup: 'Left Group',
  groupDeleted: 'Group Deleted',
  // The invitation page.
  validToken: 'Valid token',
  alreadyMember: 'You are already a member of this group',
  joined: 'Successfully joined the workspace group',
  invalidStatus: 'Invalid member status',
  checkError: (message: string) => `Error checking access: ${message}`,
  // Validation (spec section 5).
  nameRequired: 'Group name is required',
  nameTooLong: 'Name must be less than 50 characters',
  nameTaken: 'A group with this name already exists',
  selectionRequired: 'Selection is required',
  groupNotFound: 'Selected group not found.',
  urlRequired: 'URL is required',
  urlInvalid: 'Must be a valid URL',
  titleRequired: 'Title is required',
  groupRequired: 'Please select a group',
  duplicateLink: 'You have already added this link to your workspace',
  // Owners only (spec section 6).
  ownerOnlyAdd: 'Permission Denied: Only group owners can add links',
  ownerOnlyEdit: 'Permission Denied: Only group owners can edit domains',
  ownerOnlyDelete: 'Permission Denied: Only group owners can delete domains',
  upgradeGroups: 'Please upgrade your account to add more groups.',
  upgradeMembers: 'Please upgrade your account to add more members.',
  upgradeNow: 'Upgrade Now',
  // Newer texts of this product's own: these may be reworded.
  noGroups: 'You are not in any workspace group yet. Create one with Create & Invite.',
  noLinks: 'No links have been added to this group yet.',
  noResults: 'No links match your search.',
  linkNotFound: 'This link is no longer in the group.',
  ownerCannotRemoveSelf: 'The owner cannot be removed from their own group.',
  ownerCannotLeave: 'The owner cannot leave their own group. Delete the group instead.',
  ownerOnlyGroup: 'Only the owner can change or delete this group.',
  cannotInviteSelf: 'You are already the owner of this group.',
  alreadyInvited: 'This address has already been invited to this group.',
  tooManyInvites: 'Too many invitations were sent in the last hour. Please try again later.',
  sameGroup: 'The link is already in this group.',
  removedFromGroup: 'You are no longer a member of this group.',
  groupUpdated: 'Group updated',
  memberNotFound: 'This member is no longer in the group.',
  tooManyLiveStreams:
    'Too many live update streams are open for this account. Close other tabs or windows and try again.',
  linkLimit: (max: number) =>
    `This group already holds ${max.toLocaleString('en-GB')} links, the most your plan allows. Remove some links or upgrade your plan to add more.`,
  tooManyLinks: 'Too many links were added to groups today. Please try again tomorrow.',
} as const;

/** The invitation mail: written for this product (the spec shows no template). */
export const inviteMail = {
  subject: (groupName: string) => `You are invited to the workspace group ${groupName}`,
} as const;
