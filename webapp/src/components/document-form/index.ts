/** The document form kit: one way to build forms with lines, live server totals and attachments. */
export { checkLines, type LineIssue, type LinesRule } from './check-lines';
export { AttachmentsField, attachmentsOf, attachmentsSchema, removedAttachments, type AttachmentsValue } from './attachments-field';
export { DocumentForm, type DocumentFormProps } from './document-form';
export { DocumentLink, DocumentMeta, type DocumentMetaProps } from './document-header';
export { FormDate, FormMoney, FormPicker, FormSelect, FormText, FormTextArea, useFieldError } from './fields';
export { DocumentFormContext, useFieldMessage } from './form-context';
export { LineDate, LineInput, LineMoney, LineSelect, lineControlClass } from './line-inputs';
export { FailureMessage, MissingUvt, missingUvtYear, UVT_PATH } from './missing-uvt';
export { LinesField, type LineCell, type LineColumn } from './lines-field';
export { ProductPicker, productLabel, productNamed, type PickableProduct, type ProductPickerProps } from './product-picker';
export { QUOTE_DEBOUNCE_MS, useDebouncedValue, useLiveQuote, type LiveQuote, type QuoteQuery } from './live-quote';
export { TotalsPanel, type TotalsRow } from './totals-panel';
export { positiveWhole } from './whole-number';
export { firstMessage, placeOf, useDocumentSubmit, type DocumentSubmitOptions } from './use-document-submit';
