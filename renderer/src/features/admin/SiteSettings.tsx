import { useEffect, useState } from 'react';
import type { SiteView } from '../../../../shared/contract/site.ts';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api.ts';
import { message } from './error-text.ts';
import { HubForm } from './HubForm.tsx';
import { SiteAccessForm } from './SiteAccessForm.tsx';
import { SiteKeyForm } from './SiteKeyForm.tsx';
import './site-settings.css';

/** The site's settings (site.*): loaded once, each form shows what the core answered to its save. */
export function SiteSettings() {
  const [view, setView] = useState<SiteView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.call('site.get', {}).then(setView, (failure: unknown) => setError(message(failure)));
  }, []);
  if (!view)
    return error ? (
      <div className="banner banner-error" role="alert">
        <Icon name="alert" />
        The site settings could not be loaded: {error}
      </div>
    ) : null;
  return (
    <>
      <SiteAccessForm view={view} onSaved={setView} />
      <HubForm view={view} onSaved={setView} />
      <SiteKeyForm view={view} onSaved={setView} />
    </>
  );
}
