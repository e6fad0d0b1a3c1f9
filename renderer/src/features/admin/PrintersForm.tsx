/**
 * The site's label printers (printing.*): each printer's IPP address, label
 * roll and orientation, with a test print; the printer of kiosks without
 * their own, the fallback printer, and which paired kiosk prints where.
 */
import { type FormEvent, useEffect, useState } from 'react';
import {
  LABEL_SIZE_IDS,
  LABEL_SIZES,
  type Printer,
  type PrintingSettings,
} from '../../../../shared/contract/printing.ts';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { useSave } from './use-save.ts';

const NEW_PRINTER: Printer = { name: '', uri: 'ipp://', label: 'brother-dk-62x100', orientation: 'portrait' };

/** "3=Lobby 2" per line, as the devices map. */
const devicesText = (devices: Record<string, string>) =>
  Object.entries(devices)
    .map(([id, name]) => `${id}=${name}`)
    .join('\n');
const parseDevices = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.split('=').map((part) => part.trim()))
      .filter((parts) => parts.length === 2 && parts[0])
      .map(([id, name]) => [id, name]),
  ) as Record<string, string>;

export function PrintersForm() {
  const saver = useSave();
  const [form, setForm] = useState<PrintingSettings | null>(null);
  const [devices, setDevices] = useState('');
  const [tested, setTested] = useState<Record<string, string>>({});
  useEffect(() => {
    api.call('printing.settings', {}).then(
      (settings) => {
        setForm(settings);
        setDevices(devicesText(settings.devices));
      },
      () => {},
    );
  }, []);
  if (!form) return null;
  const change = (next: PrintingSettings) => {
    setForm(next);
    saver.edited();
  };
  const setPrinter = (index: number, patch: Partial<Printer>) =>
    change({ ...form, printers: form.printers.map((p, i) => (i === index ? { ...p, ...patch } : p)) });
  // A roll's size is its own: a custom size left behind would be checked (and refused) though unused.
  const setLabel = (index: number, label: Printer['label']) =>
    change({
      ...form,
      printers: form.printers.map((p, i) => {
        if (i !== index) return p;
        if (label === 'custom') return { ...p, label };
        const { widthMm: _width, heightMm: _height, ...rest } = p;
        return { ...rest, label };
      }),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saver.run(async () => {
      const saved = await api.call('printing.setSettings', { ...form, devices: parseDevices(devices) });
      setForm(saved);
      return saved;
    });
  };
  const testPrint = (name: string) => {
    setTested((t) => ({ ...t, [name]: 'Printing…' }));
    api.call('printing.testPrint', { printer: name }).then(
      (job) =>
        setTested((t) => ({
          ...t,
          [name]: job.state === 'failed' ? `Not printed: ${job.error}` : 'The printer took the test badge.',
        })),
      (error: unknown) => setTested((t) => ({ ...t, [name]: errorText(error) })),
    );
  };
  const names = form.printers.map((p) => p.name).filter(Boolean);
  return (
    <form className="card settings-form" onSubmit={submit} data-testid="printers-settings">
      <header className="card-head">
        <h2>Label printers</h2>
      </header>
      <p className="muted">
        With a printer here and the kiosk&apos;s badges on, this Foyer prints each kiosk&apos;s badges itself, over IPP,
        with no print dialog on any kiosk. Without one, the kiosk&apos;s page prints them.
      </p>
      {form.printers.map((printer, index) => (
        <fieldset key={index} className="printer-row" data-testid="printer-row">
          <Field label="Name" error={fieldError(saver, `printers[${index}].name`)}>
            <input
              type="text"
              maxLength={60}
              value={printer.name}
              onChange={(e) => setPrinter(index, { name: e.target.value })}
            />
          </Field>
          <Field
            label="Address"
            error={fieldError(saver, `printers[${index}].uri`)}
            hint="ipp://printer.local/ipp/print or ipps://…"
          >
            <input
              type="text"
              maxLength={500}
              value={printer.uri}
              onChange={(e) => setPrinter(index, { uri: e.target.value })}
            />
          </Field>
          <Field label="Label" error={fieldError(saver, `printers[${index}]`, `printers[${index}].label`)}>
            <select value={printer.label} onChange={(e) => setLabel(index, e.target.value as Printer['label'])}>
              {LABEL_SIZE_IDS.map((id) => (
                <option key={id} value={id}>
                  {LABEL_SIZES[id].name}
                </option>
              ))}
              <option value="custom">Custom size</option>
            </select>
          </Field>
          {printer.label === 'custom' && (
            <>
              <Field label="Width (mm)" error={fieldError(saver, `printers[${index}].widthMm`)}>
                <input
                  type="number"
                  min={20}
                  max={300}
                  value={printer.widthMm ?? ''}
                  onChange={(e) => setPrinter(index, { widthMm: Number(e.target.value) })}
                />
              </Field>
              <Field label="Height (mm)" error={fieldError(saver, `printers[${index}].heightMm`)}>
                <input
                  type="number"
                  min={20}
                  max={300}
                  value={printer.heightMm ?? ''}
                  onChange={(e) => setPrinter(index, { heightMm: Number(e.target.value) })}
                />
              </Field>
            </>
          )}
          <Field label="Orientation">
            <select
              value={printer.orientation}
              onChange={(e) => setPrinter(index, { orientation: e.target.value as Printer['orientation'] })}
            >
              <option value="portrait">Portrait</option>
              <option value="landscape">Landscape</option>
            </select>
          </Field>
          <div className="button-row">
            <button
              type="button"
              className="button-secondary"
              onClick={() => testPrint(printer.name)}
              disabled={!printer.name}
              data-testid="test-print"
            >
              Test print
            </button>
            <button
              type="button"
              className="button-ghost"
              onClick={() => change({ ...form, printers: form.printers.filter((_, i) => i !== index) })}
            >
              Remove
            </button>
            {tested[printer.name] && <span role="status">{tested[printer.name]}</span>}
          </div>
        </fieldset>
      ))}
      {fieldError(saver, 'printers') && (
        <p className="error-text" role="alert">
          {fieldError(saver, 'printers')}
        </p>
      )}
      <button
        type="button"
        className="button-secondary"
        onClick={() => change({ ...form, printers: [...form.printers, NEW_PRINTER] })}
      >
        Add a printer
      </button>
      {(['defaultPrinter', 'fallbackPrinter'] as const).map((key) => (
        <Field
          key={key}
          label={key === 'defaultPrinter' ? 'Kiosks print on' : 'Fallback printer'}
          error={fieldError(saver, key)}
        >
          <select value={form[key] ?? ''} onChange={(e) => change({ ...form, [key]: e.target.value || null })}>
            <option value="">{key === 'defaultPrinter' ? 'The first printer' : 'None'}</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
      ))}
      <Field
        label="Paired kiosks with a printer of their own"
        error={fieldError(saver, 'devices')}
        hint="One a line: the device's number (Devices) = the printer's name, e.g. 3=Lobby 2"
      >
        <textarea
          rows={3}
          value={devices}
          onChange={(e) => {
            setDevices(e.target.value);
            saver.edited();
          }}
        />
      </Field>
      <SaveRow saver={saver} />
    </form>
  );
}
