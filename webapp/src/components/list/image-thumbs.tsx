/**
 * A record's images in a list cell (payments, returns): a paperclip with how many there are —
 * it fits any column width, where a row of thumbnails did not — that opens them in a dialog,
 * each a link to the full image in a new tab. Nothing when there are none.
 */
import { useState } from 'react';
import { Icon } from '@/components/icon';
import { Dialog } from '@/components/ui/dialog';

/** An image as the API lists it (served through /api/attachments/{id}). */
export interface ThumbImage {
  id: number;
  url: string;
}

/** Props of ImageThumbs. */
export interface ImageThumbsProps {
  images: readonly ThumbImage[];
  /** The button's accessible name (how many images of which record). */
  label: string;
  /** The dialog's title. */
  title: string;
  /** The alternative text of the n-th image (from 1). */
  alt: (n: number) => string;
  /** Test ids: testId (the button), testId-count, testId-dialog. */
  testId: string;
}

/** The paperclip and its dialog. */
export function ImageThumbs({ images, label, title, alt, testId }: ImageThumbsProps) {
  const [open, setOpen] = useState(false);
  if (images.length === 0) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1 rounded px-1 text-sm text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        aria-label={label}
        data-testid={testId}
      >
        <Icon name="paperclip" className="size-4 shrink-0" />
        <span data-testid={`${testId}-count`}>{images.length}</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title} testId={`${testId}-dialog`}>
        <ul className="flex flex-wrap gap-2">
          {images.map((img, i) => (
            <li key={img.id}>
              <a href={img.url} target="_blank" rel="noreferrer" className="block rounded focus-visible:outline-2 focus-visible:outline-primary">
                <img src={img.url} alt={alt(i + 1)} className="size-28 rounded border border-line object-cover" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
