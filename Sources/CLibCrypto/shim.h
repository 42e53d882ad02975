#ifndef SHAPETURNS_CLIBCRYPTO_SHIM_H
#define SHAPETURNS_CLIBCRYPTO_SHIM_H

#if __has_include(<openssl/evp.h>)
#include <openssl/evp.h>
#else
#error "ShapeTurns needs OpenSSL's libcrypto headers for shard checksums: install them with 'apt-get install libssl-dev pkg-config' (or run scripts/bootstrap)."
#endif

#endif
