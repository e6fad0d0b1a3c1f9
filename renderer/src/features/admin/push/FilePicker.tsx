import { type DragEvent, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../../components/Icon.tsx';
import { formatBytes } from '../../../lib/format.ts';
import { useAdmin } from '../admin-store.ts';

/** Step 2: the file, dropped or chosen; nothing is sent until it is queued. */
export function FilePicker() {
  const { file, pickFile, previewing } = useAdmin(
    useShallow((s) => ({ file: s.file, pickFile: s.pickFile, previewing: s.previewing })),
  );
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) void pickFile(dropped);
  };
  return (
    <section className="card step-card">
      <h2 className="step-title">
        <span className="step-number">2</span> Choose the file
      </h2>
      <div
        className={`drop-zone${over ? ' over' : ''}${file ? ' has-file' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Icon name={file ? 'file' : 'upload'} size={30} />
        {file ? (
          <div className="drop-file">
            <strong data-testid="picked-file">{file.name}</strong>
            <span className="muted">{formatBytes(file.size)}</span>
          </div>
        ) : (
          <div className="drop-file">
            <strong>Drop a CSV, XLSX or JSON file here</strong>
            <span className="muted">Up to 20 MB. Nothing is sent until you queue it.</span>
          </div>
        )}
        <button type="button" className="button-secondary" onClick={() => input.current?.click()} disabled={previewing}>
          {file ? 'Choose another file' : 'Choose a file'}
        </button>
        <input
          ref={input}
          type="file"
          accept=".csv,.xlsx,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          tabIndex={-1}
          aria-label="The file to push"
          onChange={(event) => {
            const picked = event.target.files?.[0];
            if (picked) void pickFile(picked);
            event.target.value = '';
          }}
          data-testid="file-input"
        />
      </div>
    </section>
  );
}
