/** Add/edit form of a category (name only; quantities come from purchase orders). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { FormDialog, submitForm, useFieldError } from '@/components/form/form-dialog';
import { RequiredMark } from '@/components/form/required-mark';
import { useSaveResource } from '@/components/list/resource-api';
import { TextField } from '@/components/ui/field';
import { CATEGORIES_PATH, type Category } from '../api/catalog';

const schema = z.object({ name: z.string().check(z.trim(), z.minLength(1, 'validation.required')) });
type Values = z.infer<typeof schema>;

/** The category form dialog. */
export function CategoryForm({ record, onClose }: { record: Category | null; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const fieldError = useFieldError();
  const save = useSaveResource(CATEGORIES_PATH);
  const entity = t('category.entity');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: record?.name ?? '' } });

  const submit = handleSubmit(async (values) => {
    const ok = await submitForm({
      save: () => save.mutateAsync({ id: record?.id, body: values }),
      setError,
      fields: ['name'],
      savedTitle: t('list:saved', { entity }),
      failedTitle: t('list:saveFailed', { entity }),
    });
    if (ok) onClose();
  });

  return (
    <FormDialog open size="sm" title={record ? t('category.editTitle') : t('category.addTitle')} onClose={onClose} onSubmit={submit} saving={save.isPending} testId="category-form">
      <TextField
        label={
          <>
            {t('fields.name')}
            <RequiredMark />
          </>
        }
        aria-required
        autoFocus
        error={fieldError(errors.name?.message)}
        data-testid="field-name"
        {...register('name')}
      />
    </FormDialog>
  );
}
