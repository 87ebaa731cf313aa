package mail

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

// Template is one e-mail written in each language the product speaks, "es" (the default, as in
// the exports' ?lang=) and "en". A body is text/template source in paragraphs separated by a
// blank line (an action does not span paragraphs); the plain part is it as written, the HTML part the same paragraphs in <p>, every
// value HTML-escaped — so the two parts cannot say different things.
type Template struct {
	Subject map[string]string
	Body    map[string]string
}

// Render fills the template in lang (anything but "en" is "es") with data for to.
func (t Template) Render(lang string, to []string, data any) (Message, error) {
	if lang != "en" {
		lang = "es"
	}
	subject, err := execText(t.Subject[lang], data)
	if err != nil {
		return Message{}, fmt.Errorf("mail: subject (%s): %w", lang, err)
	}
	text, err := execText(t.Body[lang], data)
	if err != nil {
		return Message{}, fmt.Errorf("mail: body (%s): %w", lang, err)
	}
	html, err := execHTML(t.Body[lang], data)
	if err != nil {
		return Message{}, fmt.Errorf("mail: HTML body (%s): %w", lang, err)
	}
	return Message{To: to, Subject: strings.TrimSpace(strings.ReplaceAll(subject, "\n", " ")), Text: text, HTML: html}, nil
}

func execText(src string, data any) (string, error) {
	if strings.TrimSpace(src) == "" {
		return "", fmt.Errorf("no text for this language")
	}
	tpl, err := texttemplate.New("").Option("missingkey=error").Parse(src)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	err = tpl.Execute(&b, data)
	return b.String(), err
}

// execHTML renders each paragraph of src through html/template, so values are escaped for HTML.
func execHTML(src string, data any) (string, error) {
	var b bytes.Buffer
	b.WriteString("<!doctype html>\n<html><body style=\"font-family:sans-serif;line-height:1.5\">\n")
	for _, para := range strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n\n") {
		if strings.TrimSpace(para) == "" {
			continue
		}
		// Lines within a paragraph keep their breaks.
		para = strings.Join(strings.Split(strings.TrimSpace(para), "\n"), "<br>\n")
		tpl, err := htmltemplate.New("").Option("missingkey=error").Parse("<p>" + para + "</p>\n")
		if err != nil {
			return "", err
		}
		if err := tpl.Execute(&b, data); err != nil {
			return "", err
		}
	}
	b.WriteString("</body></html>\n")
	return b.String(), nil
}
