import Testing
@testable import HTTP1

/// RFC 9110 §12.5.3: when a request's Accept-Encoding lets a document go out gzip-coded.
struct AcceptEncodingTests {
    @Test(arguments: [
        ([], false),                                     // no field: no preference, identity
        (["gzip"], true),
        (["gzip, deflate, br"], true),                   // curl --compressed, browsers
        (["GZIP"], true),                                // coding names are case-insensitive
        (["x-gzip"], true),                              // §8.4.1.3
        (["deflate", "gzip;q=0.5"], true),               // several field lines are one list
        (["br"], false),
        (["identity"], false),
        (["gzip;q=0"], false),                           // q=0: not acceptable (§12.4.2)
        (["*"], true),
        (["*;q=0.3, identity;q=0.5"], false),            // identity named with a higher weight
        (["gzip;q=0.5, identity;q=0.5"], true),          // a tie goes to the smaller body
        (["*;q=0, gzip;q=0.1"], true),
        (["*;q=0"], false),
        (["gzip;q=2"], false),                           // an out-of-range weight is no acceptance
        (["gzip ; q=0.8 , identity;q=0.1"], true),       // optional whitespace
        ([" , ,gzip"], true),                            // empty list members are skipped
    ] as [([String], Bool)])
    func gzipIsChosenOnlyWhenAcceptableAndNotOutweighed(values: [String], gzip: Bool) {
        #expect(AcceptEncoding.prefersGzip(values) == gzip)
    }
}
