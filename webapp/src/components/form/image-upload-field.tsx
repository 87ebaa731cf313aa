/**
 * Image upload: images only (accept="image/*", checked again here), at most 4 MB each (spec §9:
 * 'Max file size should be 4MB'; the server checks the bytes too), with previews and remove
 * buttons for new files and for images the record already has.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Largest attachment (spec §9). */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

/** Why a file is refused, as a `list` namespace key, or undefined when it is fine. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!file.type.startsWith('image/')) return 'validation.imagesOnly';
  if (file.size > MAX_IMAGE_BYTES) return 'validation.maxFileSize';
  return undefined;
}

/** An image the record already has. */
export interface ExistingImage {
  id: number;
  url: string;
}

/** Props of ImageUploadField. */
export interface ImageUploadFieldProps {
  label: ReactNode;
  existing: readonly ExistingImage[];
  onRemoveExisting: (id: number) => void;
  files: readonly File[];
  onFilesChange: (files: File[]) => void;
  max?: number;
  error?: string;
}

/** The image picker with previews. */
export function ImageUploadField({ label, existing, onRemoveExisting, files, onFilesChange, max = 5, error }: ImageUploadFieldProps) {
  const { t } = useTranslation('list');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const previews = useMemo(() => files.map((f) => ({ file: f, url: URL.createObjectURL(f) })), [files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  const room = max - existing.length - files.length;
  const shown = problem ? t(problem) : error;

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {/* The native control says "Choose Files" in the browser's language, not the interface's:
          it stays focusable (keyboard, Space opens the picker) but visually hidden, and the
          button beside it, in the interface language, shows its focus and opens it by click. */}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={room <= 0}
        data-testid="image-input"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : `${id}-hint`}
        className="peer sr-only"
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          e.target.value = '';
          const bad = picked.map(imageFileProblem).find(Boolean);
          setProblem(bad);
          const good = picked.filter((f) => !imageFileProblem(f)).slice(0, Math.max(room, 0));
          if (good.length) onFilesChange([...files, ...good]);
        }}
      />
      <span
        aria-hidden="true"
        onClick={() => room > 0 && input.current?.click()}
        className={`inline-flex cursor-pointer items-center rounded-md border border-line bg-card px-3 py-1.5 text-sm hover:bg-hover peer-focus-visible:outline-2 peer-focus-visible:outline-primary ${room <= 0 ? 'cursor-not-allowed opacity-60' : ''}`}
      >
        {t('chooseImages', { count: max })}
      </span>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('imagesHint', { max })}
      </p>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger" data-testid="image-error">
          {shown}
        </p>
      )}
      <ul className="flex flex-wrap gap-3">
        {existing.map((img) => (
          <li key={`e${img.id}`} className="relative">
            <img src={img.url} alt="" className="size-20 rounded-md border border-line object-cover" />
            <button type="button" onClick={() => onRemoveExisting(img.id)} className="mt-1 block text-xs text-danger hover:underline" data-testid="image-remove">
              {t('remove')}
            </button>
          </li>
        ))}
        {previews.map((p, index) => (
          <li key={`n${index}-${p.file.name}`} className="relative">
            <img src={p.url} alt={p.file.name} className="size-20 rounded-md border border-line object-cover" />
            <button
              type="button"
              onClick={() => onFilesChange(files.filter((_, i) => i !== index))}
              className="mt-1 block text-xs text-danger hover:underline"
              data-testid="image-remove"
            >
              {t('remove')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
