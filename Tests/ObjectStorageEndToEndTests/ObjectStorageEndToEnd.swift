import Testing

/// Every suite that needs a Ceph RADOS Gateway, nested here: one throwaway cluster (scripts/ceph-rgw) for all
/// of them, started before the first and stopped after the last, and one test at a time, since some stop and
/// restart the gateway under the others' feet, and a Ceph start is the heaviest thing the test command does.
@Suite(.serialized, .rgwCluster, .enabled(if: RGWCluster.shouldRun, "Ceph is not installed (ceph-mon, radosgw); scripts/test installs it"))
struct ObjectStorageEndToEnd {}
