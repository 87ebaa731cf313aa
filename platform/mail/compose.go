package mail

import (
	"strings"

	gomail "github.com/wneessen/go-mail"
)

// compose builds the MIME message both senders deliver: multipart/alternative with the plain
// text first and the HTML second (readers show the last part they understand).
func compose(from string, m Message) (*gomail.Msg, error) {
	if len(m.To) == 0 {
		return nil, ErrNoRecipient
	}
	msg := gomail.NewMsg()
	if err := msg.From(from); err != nil {
		return nil, err
	}
	if err := msg.To(m.To...); err != nil {
		return nil, err
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if strings.TrimSpace(m.HTML) != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}
