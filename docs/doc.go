// Package docs holds the documents the server serves as they are written in this folder:
// openapi.json, the OpenAPI 3 document of every HTTP route (served at GET /openapi.json; the
// frontend's tests check that it and the router's table list the same routes). It imports
// nothing of the project.
package docs

import _ "embed"

// OpenAPI is openapi.json. Callers must not modify it.
//
//go:embed openapi.json
var OpenAPI []byte
