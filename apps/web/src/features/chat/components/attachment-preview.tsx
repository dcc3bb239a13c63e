import { useEffect, useState } from 'react';

/** A picture of the chosen image before it is sent; its object URL is let go when the file changes or is sent. */
export function AttachmentPreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/')) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file]);
  return url ? <img className="composer-thumbnail" src={url} alt={`Preview of ${file.name}`} /> : null;
}
