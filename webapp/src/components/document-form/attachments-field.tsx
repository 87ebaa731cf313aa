/**
 * A document's images as one form value: the images it already has (kept until removed) and the
 * files chosen now. The field is the shared image picker (images only, 4 MB each, previews)
 * bound to react-hook-form; `attachmentsSchema` is its zod check; `removedAttachments` tells the
 * save which stored images the person took away.
 */
import type { ReactNode } from 'react';
import { useController, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod/mini';
import { ImageUploadField, MAX_IMAGE_BYTES, type ExistingImage } from '@/components/form/image-upload-field';
import { RequiredMark } from '@/components/form/required-mark';
import { useFieldError } from './fields';

/** The value of an attachments field. */
export interface AttachmentsValue {
  existing: ExistingImage[];
  files: File[];
}

/** The value for a record's stored images (none on a new document). */
export function attachmentsOf(existing: ReadonlyArray<ExistingImage | null | undefined> = []): AttachmentsValue {
  return { existing: existing.filter((x): x is ExistingImage => x != null), files: [] };
}

/** Stored images that were there at the start and are no longer kept. */
export function removedAttachments(start: AttachmentsValue, now: AttachmentsValue): ExistingImage[] {
  return start.existing.filter((img) => !now.existing.some((kept) => kept.id === img.id));
}

/** Options of attachmentsSchema: message keys of the form's namespace. */
export interface AttachmentsRules {
  /** At least one image, stored or new, with this message. */
  required?: string;
  /** Message for a file over 4 MB (the picker refuses them too; the server checks the bytes). */
  tooLarge: string;
}

/** The zod check of an attachments value. */
export function attachmentsSchema(rules: AttachmentsRules) {
  return z
    .object({
      existing: z.array(z.object({ id: z.number(), url: z.string() })),
      files: z.array(z.custom<File>((f) => typeof File !== 'undefined' && f instanceof File)),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (rules.required && value.existing.length + value.files.length === 0) ctx.addIssue({ code: 'custom', message: rules.required });
        else if (value.files.some((f) => f.size > MAX_IMAGE_BYTES)) ctx.addIssue({ code: 'custom', message: rules.tooLarge });
      }),
    );
}

/** Props of AttachmentsField. */
export interface AttachmentsFieldProps<T extends FieldValues> {
  name: Path<T>;
  label: ReactNode;
  required?: boolean;
  /** Most images the document holds. */
  max?: number;
}

/** The bound image picker. */
export function AttachmentsField<T extends FieldValues>({ name, label, required, max = 1 }: AttachmentsFieldProps<T>) {
  const { field } = useController<T>({ name });
  const value = field.value as AttachmentsValue;
  const error = useFieldError(name);
  return (
    <div ref={(el) => field.ref({ focus: () => el?.querySelector('input')?.focus() })}>
      <ImageUploadField
        label={
          required ? (
            <>
              {label}
              <RequiredMark />
            </>
          ) : (
            label
          )
        }
        max={max}
        existing={value.existing}
        onRemoveExisting={(id) => field.onChange({ ...value, existing: value.existing.filter((img) => img.id !== id) })}
        files={value.files}
        onFilesChange={(files) => field.onChange({ ...value, files: files.slice(-Math.max(max - value.existing.length, 0)) })}
        error={error}
      />
    </div>
  );
}
