/** Files in and out of the browser: the core gets bytes, never a path. */
import { saveFile } from '../../lib/save-file.ts';

/** The file's bytes as base64, read in the browser (the core gets bytes, never a path). */
export function readAsBase64(file: Blob, onProgress?: (done: number, total: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => onProgress?.(event.loaded, event.total || file.size);
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Hands a text to the browser as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  saveFile(fileName, text, type);
}
