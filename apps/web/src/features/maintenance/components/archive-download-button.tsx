import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toasts';
import { downloadArchive } from '../api/archives';

/** Downloads one archive; a refusal shows as a toast. */
export function ArchiveDownloadButton({ name, label = 'Download' }: { name: string; label?: string }) {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      await downloadArchive(name);
    } catch (error) {
      toast.show({ type: 'error', title: errorMessage(error, 'Failed to download the archive') });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="secondary" className="btn-small" onClick={download} loading={pending} aria-label={`${label} ${name}`}>
      {label}
    </Button>
  );
}
