import FuzzDriver

// `fuzz` (DeviceReportFuzzer.swift) under libFuzzer's driver: a SwiftPM executable has a `main` of its own.
runFuzzer(fuzz)
