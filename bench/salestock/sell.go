package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// shop is what the sellers need: the demo's sessions, where and to whom they sell, today's date.
type shop struct {
	admin, user, secretary *benchkit.Session
	companyID, categoryID  int64
	storeID, customerID    int64
	today                  string
}

// open signs the demo users in at srv and reads a store, a customer and a category of the demo
// company through the API.
func open(o options, srv *benchkit.Server, conc int) (*shop, error) {
	demo, err := benchkit.LoginDemo(srv.Base, o.Password, conc)
	if err != nil {
		return nil, err
	}
	sh := shop{admin: demo.Admin, user: demo.User, secretary: demo.Secretary}
	var stores struct {
		Data []struct {
			ID        int64 `json:"id"`
			CompanyID int64 `json:"company_id"`
		} `json:"data"`
	}
	if err := sh.user.GetJSON("/api/stores?per_page=1", &stores); err != nil || len(stores.Data) == 0 {
		return nil, fmt.Errorf("a store of the demo company: %v", err)
	}
	sh.storeID, sh.companyID = stores.Data[0].ID, stores.Data[0].CompanyID
	var customers struct {
		Data []struct {
			ID             int64  `json:"id"`
			ApprovalStatus string `json:"approval_status"`
		} `json:"data"`
	}
	if err := sh.user.GetJSON("/api/customers?per_page=100", &customers); err != nil {
		return nil, err
	}
	for _, c := range customers.Data {
		if c.ApprovalStatus == "approved" {
			sh.customerID = c.ID
			break
		}
	}
	var categories struct {
		Data []struct {
			ID int64 `json:"id"`
		} `json:"data"`
	}
	if err := sh.admin.GetJSON(fmt.Sprintf("/api/categories?per_page=1&company_id=%d", sh.companyID), &categories); err != nil || len(categories.Data) == 0 {
		return nil, fmt.Errorf("a category of the demo company: %v", err)
	}
	sh.categoryID = categories.Data[0].ID
	if sh.customerID == 0 {
		return nil, errors.New("no approved customer in the demo company")
	}
	bogota, err := time.LoadLocation("America/Bogota")
	if err != nil {
		return nil, err
	}
	sh.today = time.Now().In(bogota).Format(time.DateOnly)
	return &sh, nil
}

// product is the hot product as the bench created it.
type product struct {
	id         int64
	name       string
	priceCents int64
}

// newProduct has the admin create a goods product with units in stock (code and name carry tag).
func (sh *shop) newProduct(tag string, units int) (product, error) {
	p := product{name: "Producto estrella " + tag, priceCents: 1_250_000}
	b, err := sh.admin.PostForm("/api/products", map[string]string{"code": "HOT-" + tag, "name": p.name,
		"category_id": strconv.FormatInt(sh.categoryID, 10), "unit": "und", "cost_cents": "900000",
		"price_cents": strconv.FormatInt(p.priceCents, 10), "quantity": strconv.Itoa(units), "alert_quantity": "0",
		"iva_class": "19", "kind": "goods"}, http.StatusCreated)
	if err != nil {
		return p, err
	}
	p.id, err = benchkit.Created(b)
	return p, err
}

// stock reads the product's units in stock through the API.
func (sh *shop) stock(p product) (int64, error) {
	var out struct {
		Data struct {
			Quantity int64 `json:"quantity"`
		} `json:"data"`
	}
	err := sh.admin.GetJSON(fmt.Sprintf("/api/products/%d", p.id), &out)
	return out.Data.Quantity, err
}

// customerSales is how many live sales of the customer the list counts.
func (sh *shop) customerSales() (int, error) {
	m, err := sh.user.List(fmt.Sprintf("/api/sales?per_page=1&customer_id=%d", sh.customerID))
	return m.Meta.Total, err
}

// outcome is one sale's answer: recorded (units sold), or refused with the units available.
type outcome struct {
	sold      int64
	refused   bool
	available int64
}

// refusal is the message of a sale refused for stock (modules/sales: 'Not enough stock of
// {product}: {n} available.').
var refusal = regexp.MustCompile(`^Not enough stock of (.+): (\d+) available\.$`)

// sell records a sale of qty units of p as s. A 201 is a sale; a 422 must be the stock refusal
// of p on the line's quantity; anything else is an error.
func (sh *shop) sell(s *benchkit.Session, p product, qty int64) (outcome, error) {
	data, err := json.Marshal(map[string]any{"sale_date": sh.today, "customer_id": sh.customerID, "store_id": sh.storeID,
		"note": "Venta del bench de stock", "lines": []map[string]int64{{"product_id": p.id, "quantity": qty,
			"price_cents": p.priceCents, "discount_cents": 0}}})
	if err != nil {
		return outcome{}, err
	}
	ct, body, err := benchkit.Form(map[string]string{"data": string(data)})
	if err != nil {
		return outcome{}, err
	}
	req, err := http.NewRequest(http.MethodPost, s.Base+"/api/sales", body)
	if err != nil {
		return outcome{}, err
	}
	req.Header.Set("Authorization", "Bearer "+s.Token)
	req.Header.Set("Content-Type", ct)
	resp, err := s.Client.Do(req)
	if err != nil {
		return outcome{}, err
	}
	defer resp.Body.Close()
	var answer struct {
		Error  string            `json:"error"`
		Fields map[string]string `json:"fields"`
	}
	switch resp.StatusCode {
	case http.StatusCreated:
		return outcome{sold: qty}, nil
	case http.StatusUnprocessableEntity:
		if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
			return outcome{}, err
		}
		m := refusal.FindStringSubmatch(answer.Fields["lines.0.quantity"])
		if m == nil || m[1] != p.name || answer.Error != answer.Fields["lines.0.quantity"] {
			return outcome{}, fmt.Errorf("422 without the stock message: %q %v", answer.Error, answer.Fields)
		}
		n, _ := strconv.ParseInt(m[2], 10, 64)
		return outcome{refused: true, available: n}, nil
	default:
		return outcome{}, fmt.Errorf("POST /api/sales: status %d", resp.StatusCode)
	}
}

// run is what the sellers did to one product.
type selling struct {
	sold, refused, errors int64
	firstErr              error
	recorded, refusedLat  *benchkit.Result
	lastSale              time.Duration // from the start to the last recorded sale's answer
	minStock              int64         // lowest stock the monitor read
	monitorReads          int
}

// sellOut has conc sellers sell p back to back, 1 to maxQty units a sale, each until it is
// refused with 0 units available (a refusal with n > 0 units left is retried for n), while a
// monitor reads the stock; bounded by timeout.
func (sh *shop) sellOut(p product, conc, maxQty int, timeout time.Duration) *selling {
	r := &selling{recorded: &benchkit.Result{Name: "recorded sale (201)", Conc: conc},
		refusedLat: &benchkit.Result{Name: "refused sale (422)", Conc: conc}, minStock: 1 << 62}
	var mu sync.Mutex
	var last atomic.Int64
	stop := make(chan struct{})
	monitored := make(chan struct{})
	go func() {
		defer close(monitored)
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if q, err := sh.stock(p); err == nil {
				mu.Lock()
				r.minStock, r.monitorReads = min(r.minStock, q), r.monitorReads+1
				mu.Unlock()
			}
		}
	}()
	start := time.Now()
	deadline := start.Add(timeout)
	var wg sync.WaitGroup
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := sh.user
			if w%2 == 1 {
				s = sh.secretary
			}
			qty := 1 + rand.Int64N(int64(maxQty))
			for time.Now().Before(deadline) {
				t0 := time.Now()
				out, err := sh.sell(s, p, qty)
				d := time.Since(t0)
				mu.Lock()
				switch {
				case err != nil:
					r.errors++
					if r.firstErr == nil {
						r.firstErr = err
					}
				case out.refused:
					r.refused++
					r.refusedLat.Add(d, nil)
				default:
					r.sold += out.sold
					r.recorded.Add(d, nil)
					last.Store(int64(time.Since(start)))
				}
				fails := r.errors
				mu.Unlock()
				switch {
				case err != nil && fails > 10:
					return
				case err != nil:
				case out.refused && out.available == 0:
					return // sold out
				case out.refused:
					qty = out.available // what is left, if nobody sells it first
				default:
					qty = 1 + rand.Int64N(int64(maxQty))
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	<-monitored
	r.lastSale = time.Duration(last.Load())
	return r
}

// lastUnits has conc clients sell one unit of p each at the same moment and counts what the API
// answered.
func (sh *shop) lastUnits(p product, conc int) (sold, refused, errs int, lat *benchkit.Result) {
	var mu sync.Mutex
	lat = benchkit.Burst(conc, func(w int) error {
		s := sh.user
		if w%2 == 1 {
			s = sh.secretary
		}
		out, err := sh.sell(s, p, 1)
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err != nil:
			errs++
		case out.refused && out.available == 0:
			refused++
		case out.refused:
			errs++ // one unit is refused only when none is left
			return fmt.Errorf("one unit refused with %d available", out.available)
		default:
			sold++
		}
		return err
	})
	lat.Name = fmt.Sprintf("last units: %d clients at once", conc)
	return sold, refused, errs, lat
}
