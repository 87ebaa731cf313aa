/** A password input with a show/hide toggle. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './field';

/** A labelled password field whose text can be revealed. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'adornment'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      adornment={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? t('password.hide') : t('password.show')}
          title={visible ? t('password.hide') : t('password.show')}
          className="rounded px-2 py-1 text-xs text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
        >
          {visible ? t('password.hideShort') : t('password.showShort')}
        </button>
      }
    />
  );
}
