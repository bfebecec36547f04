// The extension pages' own words, written once here. The spec has no text for these screens; the
// shared domain keeps the messages server and clients both show.

export const pageTexts = {
  openWebApp: 'Open Linkhive',
  updateExtension: 'Update the extension',
  /** Under a form or a remembered 'saved' while the server is slow to say whether the page is saved. */
  checkingSaved: 'Checking with the server whether this page is saved…',
  waitingTitle: (title: string, category: string) => `Waiting to be sent: ${title} (${category})`,
  undo: 'Undo',
  undone: 'Undone: this page is not in your bookmarks. Save it again below if you like.',
  saveChanges: 'Save changes',
  saveAllTabs: 'Save all tabs',
  saveAllInto: 'Save all tabs of this window to',
  askFirstLabel: 'Ask before saving',
  askFirstHelp:
    'Off: a click on the toolbar icon saves the page at once to the category you used last, and the popup lets you change or undo it. On: the popup opens on the form and saves when you press Save.',
  sendCopiesLabel: 'Send a copy of the pages I save',
  sendCopiesHelp:
    'On: when you save the page you are on, the extension sends the page as your browser shows it to your Linkhive server, which keeps its readable copy for the Reader view and search. Pages behind a sign-in or a paywall get their copy too. The page goes to your own server only.',
  storeBuild: (buildUrl: string) =>
    `This build starts at ${buildUrl}. If you installed Linkhive from the Chrome Web Store or Edge Add-ons, enter your own server's address here (for example https://links.example.com) and sign in. Whoever builds the extension can name the server instead: LINKHIVE_SERVER_URL=https://links.example.com npm run build.`,
} as const;
