import { importMaxBytes, importMessages, isHtmlFileName } from '@linkhive/shared/domain';

/** The checks the server makes on the file, made before a byte is sent; null when it may go. */
export function validateImportFile(file: File | null): string | null {
  if (!file) return importMessages.fileRequired;
  if (!isHtmlFileName(file.name)) return importMessages.htmlRequired;
  if (file.size > importMaxBytes) return importMessages.tooLarge;
  return null;
}
