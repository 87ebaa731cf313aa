/** The asterisk after a required field's label; screen readers get "required" from aria-required instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ms-0.5 text-danger">
      *
    </span>
  );
}

/** A required field's label: the text and its mark. */
export function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      {children}
      <RequiredMark />
    </>
  );
}
