/** The bridge between the renderer and the main process. One named function per contract operation (to come). */
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('foyer', { version: '0.1.0' });
