// The address people write to about their account and their data. Change it here if the mailbox moves.
export const contactEmail = 'support@linkhive.app';
