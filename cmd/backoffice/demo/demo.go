// Package demo loads the demo company — the records a newcomer looks at on the embedded default's
// first start, or after `backoffice seed`: a year in the life of a small trading company, so that
// every report page and the dashboard show real figures at once. Four users (one per role), two
// stores, suppliers and customers of every tax profile, a catalogue with stock below and above its
// alerts; a year of purchases — from the 1st of the month twelve months back, so that the twelve
// full months the reports show and this month each hold a whole month of documents — (documents.go:
// about eight a month, in every approval state, five due within the next five days, four invoicing
// received orders, and a purchase of short-dated lots expiring within 5, 30, 60 and 90 days),
// purchase orders from pending to fully received, the year's sales by the user and the secretary
// (sales.go: eight a month on the same days, sized so that the company sells about 60 % more than it
// buys at a 20–30 % gross margin, every month alike; approved, pending or rejected by the admin,
// one today); payments (payments.go): every month's run of supplier invoices and of customer
// collections, payments on their own — with the transfer's image, in part, recorded by the user or
// the secretary and pending, approved or once rejected —, the purchases not due yet and a few
// overdue ones in each ageing bucket (1–30, 31–60, 61–90, over 90 days) left unpaid; purchase
// returns dated days after their purchase (returns.go: approved, approved on the user's behalf,
// rejected, a price correction pending), two on purchases paid in full whose credit the supplier
// refunds (once approved, once pending).
//
// Every record is written through the back office's own HTTP API, in process, as the demo users:
// the handlers, the modules' rules, audit entries, domain events and search words all apply as
// they do to a person's request, and no table is written behind a module's back. The one step
// that does not go through HTTP is the sign-in: the seed has just created the users with a
// password it knows, so it asks the auth module for their sessions (auth's SeedSession) instead
// of paying argon2id once more per user on the first start's path.
//
// The data set is deterministic — each stream of requests draws from its own seeded random
// source, and streams that run side by side write different tables, so every table's rows and ids
// come out the same on every start — and dated relative to today in America/Bogota. Start to
// ready on the embedded default is measured by bench/startup (bench/RESULTS.md): the volume is
// what fits under its 3 s.
package demo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/modules/reports"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/httpx"
)

// Password is the password of the four demo users (README states it).
const Password = "Demo123!"

// Company is the demo users' company.
const Company = "Demo S.A.S."

// Users are the demo users, one per role.
var Users = []auth.NewUser{
	{Username: "admin", FirstName: "Ana", LastName: "Administradora", Email: "admin@demo.co", Phone: "3001112233", Role: auth.RoleAdmin},
	{Username: "secretary", FirstName: "Sara", LastName: "Secretaria", Email: "secretary@demo.co", Phone: "3002223344", Role: auth.RoleSecretary},
	{Username: "user", FirstName: "Ulises", LastName: "Usuario", Email: "user@demo.co", Phone: "3003334455", Role: auth.RoleUser},
	{Username: "buyer", FirstName: "Bruno", LastName: "Comprador", Email: "buyer@demo.co", Phone: "3004445566", Role: auth.RoleBuyer},
}

// bogota is where the company's calendar days are (purchase dates, due dates).
var bogota = func() *time.Location {
	loc, err := time.LoadLocation("America/Bogota")
	if err != nil {
		return time.FixedZone("COT", -5*3600) // Colombia keeps no daylight saving time
	}
	return loc
}()

// Seed creates the demo company and the demo users that are missing, then — when all four were
// missing, that is on a database never seeded — the company's records, through srv (a server
// with every module mounted on bdb, as product.Product.Mount leaves it). Running it again adds
// nothing. now dates the records.
//
// While the records are written, the reports' aggregate triggers are set aside on SQLite and
// the aggregates rebuilt once at the end, in the transaction that creates the triggers again
// (platform/db's PauseTriggers and ResumeTriggers): SQLite compiles a table's triggers into
// every statement that writes it, which cost a first start about a second of CPU. Nothing else
// may write the documents' tables meanwhile: serve seeds before it listens. A seed cut short
// leaves the triggers paused; the next start resumes them (cmd/backoffice's boot).
func Seed(ctx context.Context, p *product.Product, srv *httpx.Server, bdb *bun.DB, now time.Time, logger *slog.Logger) (err error) {
	companyID, err := p.Settings.EnsureCompany(ctx, Company)
	if err != nil {
		return err
	}
	missing, err := missingUsers(ctx, p, companyID)
	if err != nil || len(missing) < len(Users) {
		// The records come with the users, once: a database whose demo users existed already
		// (seeded before, or in use) is left as it is, and the check costs no sign-in.
		if err == nil {
			err = createUsers(ctx, p, logger, missing...)
		}
		return err
	}
	started := time.Now()
	if pauseTriggers {
		if _, err := db.PauseTriggers(ctx, bdb, reports.AggregateTriggers); err != nil {
			return err
		}
	}
	defer func() {
		_, rerr := db.ResumeTriggers(ctx, bdb, func(ctx context.Context, tx bun.Tx) error { return reports.RebuildAggregates(ctx, tx) })
		err = errors.Join(err, rerr)
	}()
	s := &seeder{companyID: companyID, now: now.In(bogota)}
	user := map[string]auth.NewUser{}
	for _, u := range missing {
		user[u.Username] = u
	}
	// The four argon2id hashes (64 MiB and one lane each) are most of a first start's CPU. The
	// records wait only for the admin's and the user's, computed two at a time on two cores; the
	// secretary's (she sells) and then the buyer's run on one core beside the first steps. The
	// seed acts as each user through a session the auth module opens without checking the
	// password it has just hashed (auth's SeedSession): a sign-in over HTTP would run argon2id
	// again, per user, for nothing the seed does not already know.
	if err := createUsers(ctx, p, logger, user["admin"], user["user"]); err != nil {
		return err
	}
	if s.admin, err = session(ctx, p, srv, "admin"); err != nil {
		return err
	}
	if s.user, err = session(ctx, p, srv, "user"); err != nil {
		return err
	}
	if err := s.uvts(logger); err != nil {
		return err
	}
	secretary := background(func() error {
		if err := createUsers(ctx, p, logger, user["secretary"]); err != nil {
			return err
		}
		var err error
		s.secretary, err = session(ctx, p, srv, "secretary")
		return err
	})
	buyer := background(func() error {
		_ = secretary() // one hash at a time beside the steps; the sales report her error
		return createUsers(ctx, p, logger, user["buyer"])
	})
	// Whatever happens to the records, the hashes in flight end before the seed does.
	defer func() { _ = buyer() }()
	logger.Debug("demo users", "took_ms", time.Since(started).Milliseconds())
	// The steps run in phases; within a phase, streams that write different tables run side by
	// side (the handlers' work of one overlaps another's commit), each with its own random
	// source and reading only what earlier phases wrote, so that every table's rows — and ids —
	// come out in the same order on every start.
	sell := func() error {
		if err := secretary(); err != nil {
			return err
		}
		return s.sales()
	}
	for _, phase := range [][]stream{
		{streamOf("catalogue", s.categories, s.products), streamOf("parties", s.stores, s.suppliers, s.customers)},
		{streamOf("purchase orders", s.purchaseOrders), streamOf("sales", sell), streamOf("purchases", s.purchases)},
		{streamOf("received orders invoiced, lots", s.receiptPurchases, s.lotPurchases)},
		{streamOf("payments", s.payments)},
		{streamOf("returns and refunds", s.returns)},
	} {
		jobs := make([]func() error, len(phase))
		for i, st := range phase {
			jobs[i] = func() error { return st.run(logger) }
		}
		if err := parallel(jobs...); err != nil {
			return err
		}
	}
	for _, c := range []*client{s.admin, s.user, s.secretary} {
		if _, err := c.do(http.MethodPost, "/api/auth/logout", "", nil, nil); err != nil {
			return err // the seed's sessions end with it
		}
	}
	if err := buyer(); err != nil {
		return err
	}
	logger.Info("demo data loaded", "company", Company, "products", len(s.productCost), "suppliers", len(s.supplierIDs),
		"purchases", len(s.bought), "purchase_orders", s.orderCount, "sales", s.saleCount, "payments", s.paymentCount,
		"returns", s.returnCount, "took_ms", time.Since(started).Milliseconds())
	return nil
}

// uvts gives every calendar year the seed's documents fall in a UVT (modules/tax): the product
// ships the years it knew, and the DIAN publishes the next one in November, so a first start in a
// year nobody has entered yet would have its documents that need the UVT refused and leave no
// demo at all. Such a year gets the known year's value nearest to it as a stand-in, set as the
// admin through the API (so audited, and shown as theirs under Settings → UVT, where they correct
// it) and logged as a warning; the years that have a value keep it.
func (s *seeder) uvts(logger *slog.Logger) error {
	var list struct {
		Data []struct {
			Year     int   `json:"year"`
			UVTCents int64 `json:"uvt_cents"`
		} `json:"data"`
	}
	if err := s.admin.getJSON("/api/tax/uvt", &list); err != nil || len(list.Data) == 0 {
		return err
	}
	for year := s.now.AddDate(0, -13, 0).Year(); year <= s.now.Year(); year++ {
		nearest := list.Data[0]
		for _, u := range list.Data {
			if u.Year == year {
				nearest = u
				break
			}
			if abs(u.Year-year) < abs(nearest.Year-year) {
				nearest = u
			}
		}
		if nearest.Year == year {
			continue
		}
		if _, err := s.admin.do(http.MethodPut, fmt.Sprintf("/api/tax/uvt/%d", year), "application/json",
			jsonBody(map[string]int64{"uvt_cents": nearest.UVTCents}), nil); err != nil {
			return err
		}
		logger.Warn("demo: no UVT for a year of the demo's documents; it takes the nearest known year's as a stand-in "+
			"until an administrator enters the DIAN's value under Settings → UVT", "year", year, "stand_in_year", nearest.Year,
			"uvt_cents", nearest.UVTCents)
	}
	return nil
}

func abs(n int) int { return max(n, -n) }

// pauseTriggers is whether Seed sets the reports' triggers aside (always, but in the test that
// compares the aggregates it leaves with the ones the triggers keep).
var pauseTriggers = true

// decider sends an administrator's decisions (approve, reject) on a goroutine of its own, in the
// order they are asked, beside the stream that records the documents: a decision needs only its
// document, so the recording stream does not wait for it. wait returns the first error (later
// decisions are then skipped); a stream waits before it ends, so the next phase sees every
// decision.
type decider struct {
	c    *client
	jobs chan decision
	done chan error
	err  func() error
}

type decision struct {
	path string
	body any
}

func (s *seeder) decider() *decider {
	d := &decider{c: s.admin, jobs: make(chan decision, 512), done: make(chan error, 1)}
	go func() {
		var err error
		for j := range d.jobs {
			if err == nil {
				_, err = d.c.postJSON(j.path, j.body)
			}
		}
		d.done <- err
	}()
	d.err = sync.OnceValue(func() error { close(d.jobs); return <-d.done })
	return d
}

// decide asks for the decision path (".../approve", ".../reject") with body.
func (d *decider) decide(path string, body any) { d.jobs <- decision{path, body} }

// wait waits for every decision asked and returns the first error (as often as called).
func (d *decider) wait() error { return d.err() }

// stream is a named sequence of steps that run one after the other.
type stream struct {
	name  string
	steps []func() error
}

func streamOf(name string, steps ...func() error) stream { return stream{name: name, steps: steps} }

// run runs the stream's steps in order, stopping at the first error.
func (st stream) run(logger *slog.Logger) error {
	t := time.Now()
	for _, step := range st.steps {
		if err := step(); err != nil {
			return fmt.Errorf("demo %s: %w", st.name, err)
		}
	}
	logger.Debug("demo stream", "stream", st.name, "took_ms", time.Since(t).Milliseconds())
	return nil
}

// missingUsers returns the demo users that do not exist yet, in Users' order, ready to create in
// company companyID.
func missingUsers(ctx context.Context, p *product.Product, companyID int64) ([]auth.NewUser, error) {
	var missing []auth.NewUser
	for _, u := range Users {
		exists, err := p.Auth.UserExists(ctx, u.Username)
		if err != nil {
			return nil, err
		}
		if !exists {
			u.CompanyID, u.Password = companyID, Password
			missing = append(missing, u)
		}
	}
	return missing, nil
}

// createUsers creates users, their password hashes (argon2id, the bulk of a first start's time)
// computed in parallel, one per core at most.
func createUsers(ctx context.Context, p *product.Product, logger *slog.Logger, users ...auth.NewUser) error {
	jobs := make([]func() error, len(users))
	for i, u := range users {
		jobs[i] = func() error {
			if _, err := p.Auth.CreateUser(ctx, u); err != nil {
				return fmt.Errorf("demo user %s: %w", u.Username, err)
			}
			logger.Info("demo user created", "username", u.Username, "role", u.Role)
			return nil
		}
	}
	return parallel(jobs...)
}

// parallel runs jobs, at most one per core at a time, and returns the first error.
func parallel(jobs ...func() error) error {
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	for i, job := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			errs[i] = job()
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// background starts job on its own goroutine and returns what waits for its error (as often as
// asked: the first call waits, later ones repeat the answer).
func background(job func() error) func() error {
	done := make(chan error, 1)
	go func() { done <- job() }()
	return sync.OnceValue(func() error { return <-done })
}

// seeder holds what the steps create for the later ones.
type seeder struct {
	companyID int64
	// admin decides; user writes what waits for a decision (an administrator's own records are
	// approved at once); user and secretary sell (administrators never record a sale).
	admin, user, secretary *client
	now                    time.Time // in America/Bogota

	storeIDs    []int64
	categoryIDs []int64
	productIDs  [][]int64 // per category
	productCost map[int64]int64
	// productStock is each goods product's stock at creation.
	productStock map[int64]int64
	// opening is the catalogue as the API reads it once created, before any stock moves.
	opening     []stocked
	supplierIDs []int64 // approved suppliers, index as in suppliers (0 when not approved)
	// receiptIDs are the approved received orders, for purchases that invoice them.
	receiptIDs []int64
	// bought is every purchase the demo booked, in order.
	bought     []booked
	orderCount int

	// customerIDs are the approved customers, for the sales.
	customerIDs []demoCustomer
	saleCount   int

	paymentCount, returnCount int
	// paidInFull and paidInPart are the purchases the payments left paid or partly paid (the
	// returns' candidates), oldest first.
	paidInFull, paidInPart []int64
}

// dice is one stream's deterministic random source: each stream of the seed draws from its own,
// so streams running side by side draw the same numbers on every start.
type dice struct{ r *rand.Rand }

func newDice(stream uint64) dice { return dice{rand.New(rand.NewPCG(2026, stream))} }

// between returns a number in [lo, hi].
func (d dice) between(lo, hi int64) int64 { return lo + d.r.Int64N(hi-lo+1) }

// intn returns a number in [0, n).
func (d dice) intn(n int) int { return d.r.IntN(n) }

// date is the calendar day daysAgo days before today, as the API reads dates.
func (s *seeder) date(daysAgo int) string { return s.now.AddDate(0, 0, -daysAgo).Format(time.DateOnly) }

// span is how many days back the year of documents starts: the 1st of the month twelve months
// before this one, so that the twelve full months the reports and the dashboard's chart show
// and this month to date each hold a whole month of purchases and sales (a year counted back
// from today left the first month with a week of them).
func (s *seeder) span() int {
	first := s.now.AddDate(0, 0, 1-s.now.Day()).AddDate(0, -12, 0)
	today := time.Date(s.now.Year(), s.now.Month(), s.now.Day(), 0, 0, 0, 0, time.UTC)
	return int(today.Sub(time.Date(first.Year(), first.Month(), first.Day(), 0, 0, 0, 0, time.UTC)).Hours() / 24)
}

func (s *seeder) stores() error {
	for _, name := range storeNames {
		id, err := s.admin.postJSON("/api/stores", map[string]any{"company_id": s.companyID, "name": name, "active": true})
		if err != nil {
			return err
		}
		s.storeIDs = append(s.storeIDs, id)
	}
	return nil
}

func (s *seeder) categories() error {
	for _, c := range categories {
		id, err := s.admin.postJSON("/api/categories", map[string]any{"company_id": s.companyID, "name": c.name})
		if err != nil {
			return err
		}
		s.categoryIDs = append(s.categoryIDs, id)
	}
	return nil
}

// products creates the catalogue: a price 25–45 % over cost, and an opening stock that leaves
// about one product in seven below its alert quantity (a few at zero) for the alerts page.
func (s *seeder) products() error {
	d := newDice(11) // the catalogue of the earlier six-month demo: same costs, prices and stock
	s.productIDs = make([][]int64, len(categories))
	s.productCost, s.productStock = map[int64]int64{}, map[int64]int64{}
	for ci, c := range categories {
		for pi, name := range c.products {
			cost := d.between(c.costPesos[0], c.costPesos[1]) / 100 * 100 * 100 // whole hundreds of pesos, in centavos
			price := cost * d.between(125, 145) / 100 / 10000 * 10000
			fields := map[string]string{
				"code": fmt.Sprintf("%s-%03d", c.code, pi+1), "name": name, "category_id": fmt.Sprint(s.categoryIDs[ci]),
				"unit": c.unit, "cost_cents": fmt.Sprint(cost), "price_cents": fmt.Sprint(price), "iva_class": c.ivaClass,
				"kind": "goods",
			}
			if c.service {
				fields["kind"] = "service"
			} else {
				alert := d.between(5, 30)
				qty := d.between(alert+1, alert+250)
				switch k := (ci*len(c.products) + pi) % 7; {
				case k == 3 && pi%2 == 0:
					qty = 0
				case k == 3:
					qty = d.between(1, alert-1)
				}
				fields["alert_quantity"], fields["quantity"] = fmt.Sprint(alert), fmt.Sprint(qty)
			}
			id, err := s.admin.postForm("/api/products", fields, file{})
			if err != nil {
				return err
			}
			s.productIDs[ci] = append(s.productIDs[ci], id)
			s.productCost[id] = cost
			if !c.service {
				s.productStock[id], _ = strconv.ParseInt(fields["quantity"], 10, 64)
			}
		}
	}
	var err error
	s.opening, err = s.catalogue()
	return err
}

// partyBody is the create body of a supplier or customer.
func partyBody(p party) map[string]any {
	doc := p.doc
	if p.docType == "NIT" {
		doc += "-" + nitCheckDigit(p.doc)
	}
	personType := "natural"
	if p.juridica {
		personType = "juridica"
	}
	return map[string]any{"name": p.name, "company": p.company, "person_type": personType, "document_type": p.docType,
		"document_number": doc, "city": p.city, "address": p.address, "phone": p.phone, "email": p.email,
		"declarante": p.declarante, "gran_contribuyente": p.granContribuyente, "autorretenedor": p.autorretenedor,
		"iva_responsible": p.ivaResponsible}
}

// createParty creates a supplier or customer at path ("/api/suppliers"): by the admin (approved),
// or by the user and then left pending or rejected by the admin. It returns the id when approved.
func (s *seeder) createParty(path string, p party) (int64, error) {
	if !p.pending && !p.rejected {
		body := partyBody(p)
		body["company_id"] = s.companyID
		return s.admin.postJSON(path, body)
	}
	id, err := s.user.postJSON(path, partyBody(p))
	if err != nil || p.pending {
		return 0, err
	}
	_, err = s.admin.postJSON(fmt.Sprintf("%s/%d/reject", path, id), map[string]string{"reason": p.rejectReason})
	return 0, err
}

func (s *seeder) suppliers() error {
	for i, p := range suppliers {
		p.phone = fmt.Sprintf("60%d%07d", 1+i%8, 3000000+i*7919)
		p.email = fmt.Sprintf("compras%d@proveedor%d.co", i+1, i+1)
		id, err := s.createParty("/api/suppliers", p)
		if err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		s.supplierIDs = append(s.supplierIDs, id)
	}
	return nil
}

// customers creates 40 customers: people with a cédula, eight businesses with a NIT, a few
// awaiting approval. The second twenty take the next second surname: with the same first name
// and first surname as the first twenty (the lists repeat every twenty), they were their
// namesakes to the letter.
func (s *seeder) customers() error {
	for i := range 40 {
		first, last := firstNames[i%len(firstNames)], lastNames[(i*7)%len(lastNames)]
		p := party{name: first + " " + last + " " + lastNames[(i*3+5+i/20)%len(lastNames)], docType: "CC",
			doc: fmt.Sprint(1000000000 + int64(i)*1234567), city: cities[i%len(cities)],
			address: fmt.Sprintf("Calle %d # %d-%d", 10+i*3, 5+i, 10+i%80), declarante: i%3 == 0,
			phone: fmt.Sprintf("3%02d%07d", 10+i%40, 4000000+i*6271), pending: i%13 == 12}
		p.email = fmt.Sprintf("cliente%d@correo.co", i+1)
		if i%5 == 4 {
			p.juridica, p.docType = true, "NIT"
			p.company, p.doc = customerCompanies[(i/5)%len(customerCompanies)], fmt.Sprint(900200000+i*10007)
			p.ivaResponsible, p.declarante, p.granContribuyente = true, true, i == 9
		}
		id, err := s.createParty("/api/customers", p)
		if err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		if id > 0 {
			s.customerIDs = append(s.customerIDs, demoCustomer{id: id, business: p.juridica, granContribuyente: p.granContribuyente})
		}
	}
	return nil
}

// nitCheckDigit is DIAN's modulo-11 check digit of a NIT base number (the people module checks
// it; the demo must send the right one).
func nitCheckDigit(base string) string {
	weights := []int{3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71}
	sum := 0
	for i := 0; i < len(base); i++ {
		sum += int(base[len(base)-1-i]-'0') * weights[i]
	}
	r := sum % 11
	if r > 1 {
		r = 11 - r
	}
	return fmt.Sprint(r)
}
