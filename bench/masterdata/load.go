package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// createCustomer adds a customer through the API as s (the write that clears the cached totals).
func createCustomer(s *benchkit.Session, tag string) (int64, error) {
	body, _ := json.Marshal(map[string]any{"name": "Cliente de prueba " + tag, "document_type": "CC",
		"document_number": tag, "city": "Bogotá"})
	b, err := s.Do(http.MethodPost, "/api/customers", "application/json", bytes.NewReader(body), http.StatusCreated, true)
	if err != nil {
		return 0, err
	}
	return benchkit.Created(b)
}

// createProduct adds a product through the API's multipart form as s.
func createProduct(s *benchkit.Session, tag string, categoryID int64) (int64, error) {
	b, err := s.PostForm("/api/products", map[string]string{"code": "BENCH-" + tag, "name": "Producto de prueba " + tag,
		"category_id": strconv.FormatInt(categoryID, 10), "unit": "und", "cost_cents": "100000", "price_cents": "130000",
		"quantity": "5", "alert_quantity": "1", "iva_class": "19", "kind": "goods"}, http.StatusCreated)
	if err != nil {
		return 0, err
	}
	return benchkit.Created(b)
}

func remove(s *benchkit.Session, path string) error {
	_, err := s.Do(http.MethodDelete, path, "", nil, http.StatusNoContent, false)
	return err
}
