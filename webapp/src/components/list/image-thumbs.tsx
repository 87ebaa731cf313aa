/**
 * A record's images in a list cell: small thumbnails, each a link that opens the full image in
 * a new tab (payments, returns). Nothing when there are none.
 */

/** An image as the API lists it (served through /api/attachments/{id}). */
export interface ThumbImage {
  id: number;
  url: string;
}

/** Props of ImageThumbs. */
export interface ImageThumbsProps {
  images: readonly ThumbImage[];
  /** The alternative text of the n-th image (from 1). */
  alt: (n: number) => string;
  testId: string;
}

/** The thumbnails. */
export function ImageThumbs({ images, alt, testId }: ImageThumbsProps) {
  if (images.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" data-testid={testId}>
      {images.map((img, i) => (
        <li key={img.id}>
          <a href={img.url} target="_blank" rel="noreferrer" className="block rounded focus-visible:outline-2 focus-visible:outline-primary">
            <img src={img.url} alt={alt(i + 1)} className="size-8 rounded border border-line object-cover" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
