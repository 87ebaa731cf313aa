package apperror

// Form is bad input in a form's fields (field → message). The error's own message, which the
// client shows on its own, is FirstMessage's: the first failed field in the form's order.
func Form(fields map[string]string, order ...string) *Error {
	return Invalid(FirstMessage(fields, order...), fields)
}

// MsgMissingFields is the message of bad input that no single field's message speaks for.
const MsgMissingFields = "Missing required fields."

// FirstMessage is the message of the first field of order found in fields, else of the field
// the order does not list that sorts first by name (lines.0.cost before lines.1.quantity, and
// the same answer whatever the map's order), else MsgMissingFields.
func FirstMessage(fields map[string]string, order ...string) string {
	for _, f := range order {
		if m, ok := fields[f]; ok {
			return m
		}
	}
	best, bestKey := MsgMissingFields, ""
	for k, m := range fields {
		if bestKey == "" || k < bestKey {
			best, bestKey = m, k
		}
	}
	return best
}

// OrInternal passes nil and application errors through and makes anything else internal, so
// that a driver's or a writer's error text never reaches the client.
func OrInternal(err error) error {
	if err == nil || As(err) != nil {
		return err
	}
	return Internal(err)
}
