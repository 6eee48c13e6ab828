/// A request whose body is arriving: its reader and its pace.
struct BodyInProgress {
    var request: RequestInProgress
    var reader: RequestBodyReader
    var clock: BodyClock
}
