// Overlaid into the sarama package at build time (go build -overlay, see build.sh): sarama
// keeps its message codecs unexported, and this file (streamwire's own, not sarama's) exposes
// the package's own allocate/decode/encode entry points to the runner. sarama itself is used
// unmodified from the module cache.

package sarama

// StreamwireAllocate returns sarama's body type for an API key and direction, or nil.
func StreamwireAllocate(key, version int16, response bool) any {
	var b protocolBody
	if response {
		b = allocateResponseBody(key, version)
	} else {
		b = allocateBody(key, version)
	}
	if b == nil {
		return nil
	}
	return b
}

// StreamwireValidVersion reports whether sarama implements the body's version.
func StreamwireValidVersion(body any) bool { return body.(protocolBody).isValidVersion() }

// StreamwireDecode decodes a whole body (sarama rejects bytes left over).
func StreamwireDecode(body any, buf []byte, version int16) error {
	return versionedDecode(buf, body.(protocolBody), version, nil)
}

// StreamwireEncode encodes a body at the version it carries.
func StreamwireEncode(body any) ([]byte, error) { return encode(body.(protocolBody), nil) }
