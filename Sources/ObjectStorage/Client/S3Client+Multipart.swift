import Crypto
import Foundation
import Hex
import HTTPClient

/// Multipart uploads (S3 API reference: CreateMultipartUpload, UploadPart, CompleteMultipartUpload,
/// AbortMultipartUpload), each part streamed from its span of the file.
extension S3Client {
    /// Starts an upload; returns its id. Not retried: a second POST would start a second upload.
    public func createMultipartUpload(key: String, contentType: String? = nil) throws(ObjectStorageError) -> String {
        let headers = contentType.map { [("content-type", $0)] } ?? []
        let body = try send("POST", key: key, query: [("uploads", "")], headers: headers).body
        let root: XMLElement
        do { root = try XMLScanner.parse(body) } catch {
            throw ObjectStorageError(.malformedResponse, "CreateMultipartUpload \(key): \(error)")
        }
        guard root.name == "InitiateMultipartUploadResult", let id = root.text(of: "UploadId"), !id.isEmpty else {
            throw ObjectStorageError(.malformedResponse, "CreateMultipartUpload \(key): no UploadId")
        }
        return id
    }

    /// Sends one part from `length` bytes of the file at `offset`; returns the part's ETag. Retried: the
    /// same part number sent again replaces the earlier one.
    public func uploadPart(key: String, uploadID: String, part: MultipartPlan.Part, path: String)
        throws(ObjectStorageError) -> String
    {
        let hash = try FileDigests.sha256Hex(path: path, offset: part.offset, length: part.length)
        return try retrying { () throws(ObjectStorageError) in
            let head = try send("PUT", key: key, query: [("partNumber", String(part.number)), ("uploadId", uploadID)],
                body: .fileRange(path: path, offset: part.offset, length: part.length), payloadHash: hash).head
            guard let etag = head.headers["etag"], !etag.isEmpty else {
                throw ObjectStorageError(.malformedResponse, "UploadPart \(key) #\(part.number): no ETag")
            }
            return etag
        }
    }

    /// Joins the parts into the object; returns its ETag. S3 may answer 200 and still fail, with an
    /// `<Error>` document in the body, so the body is read before success is believed.
    public func completeMultipartUpload(key: String, uploadID: String, parts: [(number: Int, etag: String)])
        throws(ObjectStorageError) -> String
    {
        let xml = "<CompleteMultipartUpload>"
            + parts.map { "<Part><PartNumber>\($0.number)</PartNumber><ETag>\(Self.escaped($0.etag))</ETag></Part>" }.joined()
            + "</CompleteMultipartUpload>"
        let bytes = Array(xml.utf8)
        let hash = Hex.string(Crypto.SHA256.hash(data: bytes))
        let body = try send("POST", key: key, query: [("uploadId", uploadID)],
            headers: [("content-type", "application/xml")], body: .bytes(bytes), payloadHash: hash).body
        if let error = S3ErrorDocument(xml: body) {
            throw ObjectStorageError(.service, "CompleteMultipartUpload \(key) (\(error.message))", status: 200, code: error.code)
        }
        guard let root = try? XMLScanner.parse(body), root.name == "CompleteMultipartUploadResult" else {
            throw ObjectStorageError(.malformedResponse, "CompleteMultipartUpload \(key): not a CompleteMultipartUploadResult")
        }
        if let etag = root.text(of: "ETag"), !etag.isEmpty { return etag }
        // RGW 16 leaves the result's ETag empty: the object's own head has it.
        return try head(key: key)?.etag ?? ""
    }

    /// Abandons an upload and frees its parts. An upload already gone (completed, aborted) is fine.
    public func abortMultipartUpload(key: String, uploadID: String) throws(ObjectStorageError) {
        do {
            _ = try retrying { () throws(ObjectStorageError) in
                try send("DELETE", key: key, query: [("uploadId", uploadID)])
            }
        } catch where error.status == 404 {}
    }

    /// The parts S3 holds for an upload (ListParts), by number: how a test sees that an abort freed them.
    public func listParts(key: String, uploadID: String) throws(ObjectStorageError) -> [Int] {
        let body = try retrying { () throws(ObjectStorageError) in
            try send("GET", key: key, query: [("uploadId", uploadID)]).body
        }
        guard let root = try? XMLScanner.parse(body), root.name == "ListPartsResult" else {
            throw ObjectStorageError(.malformedResponse, "ListParts \(key): not a ListPartsResult")
        }
        return root.children("Part").compactMap { $0.text(of: "PartNumber").flatMap { Int($0) } }
    }

    /// Uploads a file in parts, one after another; on any failure the upload is aborted, so no parts are
    /// left billed and invisible.
    func putFileMultipart(key: String, path: String, size: Int64, contentType: String?) throws(ObjectStorageError) -> String {
        let uploadID = try createMultipartUpload(key: key, contentType: contentType)
        do {
            var etags: [(number: Int, etag: String)] = []
            for part in MultipartPlan.parts(size: size, partSize: configuration.partSize) {
                etags.append((part.number, try uploadPart(key: key, uploadID: uploadID, part: part, path: path)))
            }
            return try completeMultipartUpload(key: key, uploadID: uploadID, parts: etags)
        } catch {
            try? abortMultipartUpload(key: key, uploadID: uploadID)
            throw error
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
