// Every user-facing text of the accounts area, word for word as users have always read them: do not reword.
export const authMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 50 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be valid',
  passwordRequired: 'Password is required',
  passwordMinLength: 'At least 8 characters are required',
  passwordUppercase: 'At least 1 uppercase character is required',
  passwordNumber: 'At least 1 number is required',
  passwordSpecial: 'Password requires at least one special character',
  // Newer, may be reworded: the limit of the password hasher, worded like the minimum.
  passwordTooLong: 'At most 128 characters are allowed',
  loginBothFields: 'Please fill in both fields',
  resetAllFields: 'All fields are required',
  forgotSuccess: 'Email sent!, if your email exists you will receive an email to reset your password.',
  resetSuccess: 'Password reset is successful, please login with your new password',
  errorPrefix: 'Sorry an error has occurred, ',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  resetCodeInvalid: 'The reset link is invalid or has expired. Please ask for a new one.',
  notAuthenticated: 'User not authenticated',
  notAuthorised: 'You are not authorised',
  // Email verification is newer, may be reworded; worded like the reset messages.
  verifySuccess: 'Your email address is verified. Thank you!',
  verifyCodeInvalid: 'The verification link is invalid or has expired. Please ask for a new one.',
  verifySent: 'A new verification email is on its way. Please check your inbox.',
  alreadyVerified: 'Your email address is already verified.',
} as const;

export const httpMessages = {
  notFound: 'Not found',
  malformedJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  crossOrigin: 'Cross-site requests are not allowed',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

// The import's texts. Kept here, apart from the import's zod schemas, so that a page that needs only
// a message (the API client's upload) does not carry zod.
export const importMessages = {
  fileRequired: 'File is required',
  htmlRequired: '.html or .htm file is required',
  invalidSyntax: 'The uploaded file does not have the correct bookmark syntax.',
  invalidTitle: 'Invalid File',
  success: (n: number, overwrite: boolean) =>
    `${n} bookmarks have been ${overwrite ? 'imported and overwritten' : 'imported'} successfully`,
  tooLarge: 'The file is larger than 25 MB',
  notFound: 'This import does not exist',
  failed: 'The import could not be finished. Your bookmarks are as they were.',
  interrupted:
    'The import stopped when the server restarted. Your bookmarks are as they were: please import the file again.',
  // Newer texts of this product's own (issue 26, issue 25): these may be reworded. A re-import that
  // adds nothing says so, instead of a green '0 bookmarks have been imported successfully'.
  nothingNewInFile: 'Everything in this file was already saved: no bookmarks were added.',
  nothingNewInBrowser: "Everything in this browser's bookmarks was already saved: no bookmarks were added.",
  nothingToImport: 'There were no web addresses to import: no bookmarks were added.',
  skippedExisting: (n: number) => `${n} already saved ${n === 1 ? 'was' : 'were'} skipped.`,
  mergedInBrowser: (n: number) =>
    `${n} ${n === 1 ? 'duplicate' : 'duplicates'} inside your browser's bookmarks ${n === 1 ? 'was' : 'were'} merged.`,
} as const;
