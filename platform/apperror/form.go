package apperror

// Form is bad input in a form's fields (field → message). The error's own message, which the
// client shows on its own, is FirstMessage's: the first failed field in the form's order.
func Form(fields map[string]string, order ...string) *Error {
	return Invalid(FirstMessage(fields, order...), fields)
}

// FirstMessage is the message of the first field of order found in fields, else of any field
// in fields (one the order does not list), else "".
func FirstMessage(fields map[string]string, order ...string) string {
	for _, f := range order {
		if m, ok := fields[f]; ok {
			return m
		}
	}
	for _, m := range fields {
		return m
	}
	return ""
}

// OrInternal passes nil and application errors through and makes anything else internal, so
// that a driver's or a writer's error text never reaches the client.
func OrInternal(err error) error {
	if err == nil || As(err) != nil {
		return err
	}
	return Internal(err)
}
