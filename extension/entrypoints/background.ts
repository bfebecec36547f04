export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(() => {
    console.info('Linkhive extension installed');
  });
});
